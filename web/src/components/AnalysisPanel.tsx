// The replay page's post-game analysis of a finished table (hooks/useAnalysis):
// where it stands, and once done, what it found. Folds away, for a phone.
import type { AnalysisState } from '../hooks/useAnalysis';
import { AnalysisFindings } from './AnalysisFindings';
import { AnalysisStatus } from './AnalysisStatus';

export function AnalysisPanel(props: {
  state: AnalysisState;
  names: string[];
  frame: number;
  actions: number;
  onStep(frame: number): void;
}) {
  const { status } = props.state;
  if (!props.state.offered) return null; // a server without analyses
  return (
    <details class="analysis" open>
      <summary>
        <h2>Analysis</h2>
      </summary>
      <AnalysisStatus state={props.state} />
      {status?.status === 'done' && (
        <AnalysisFindings
          analysis={status.analysis}
          names={props.names}
          frame={props.frame}
          actions={props.actions}
          onStep={props.onStep}
        />
      )}
    </details>
  );
}
