// Where the analysis stands: not asked for (with the button to ask, for a
// player), queued, running (with its progress), failed, or done. The status
// region announces the phase; the counts are there to read.
import type { AnalysisState } from '../hooks/useAnalysis';
import { phaseWords, statusWords } from '../view/analysis_status';

export function AnalysisStatus({ state }: { state: AnalysisState }) {
  const { status, error, asking } = state;
  return (
    <div class="analysis-status">
      <span class="visually-hidden" role="status">
        {phaseWords(status)}
      </span>
      {!status && !error && <p>Looking for an analysis…</p>}
      {status && <p>{statusWords(status)}</p>}
      {status?.status === 'running' && (
        <progress value={status.done} max={Math.max(1, status.total)} aria-label="moves judged so far" />
      )}
      {((status?.status === 'none' && status.can_ask) || (status?.status === 'failed' && status.can_ask)) && (
        <button id="analysis-ask" type="button" class="primary" disabled={asking} onClick={state.ask}>
          {asking ? 'Asking…' : status.status === 'failed' ? 'Ask again' : 'Analyse this game'}
        </button>
      )}
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
