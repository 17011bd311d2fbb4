// The job's results as four charts, redrawn as each answer brings more games:
// win rate per seat and per level against the fair share, game length, and
// each seat's scores.
import { LabLengthChart } from '../../components/LabLengthChart';
import { LabRateChart } from '../../components/LabRateChart';
import { LabScoreChart } from '../../components/LabScoreChart';
import type { LabResults } from '../../lab';

export function LabCharts({ results, players }: { results: LabResults; players: number }) {
  const fair = players > 0 ? 1 / players : null;
  const games = results.seats[0]?.games ?? 0;
  const seatLabels = results.seats.map((_, i) => `Seat ${i + 1}`);
  const seats = results.seats.map((s, i) => ({ label: seatLabels[i], rate: s.win_rate, ci95: s.ci95 }));
  const levels = results.agents.map((a) => ({ label: a.agent, rate: a.win_rate, ci95: a.ci95 }));
  return (
    <section class="lab-charts" aria-labelledby="lab-charts-title">
      <h2 id="lab-charts-title">Results</h2>
      <p class="small lab-charts-note">
        Bars: the share of games won; whiskers: the 95% interval, where the true rate most likely lies. A seat or level
        whose whiskers cross the dashed fair share has shown no edge yet.
      </p>
      <div class="lab-chart-grid">
        <LabRateChart id="lab-seat-chart" title="Win rate per seat" rows={seats} fair={fair} games={games} />
        <LabRateChart id="lab-level-chart" title="Win rate per level" rows={levels} fair={fair} games={games} />
        <LabLengthChart
          id="lab-length-chart"
          lengths={results.lengths}
          mean={games > 0 ? results.mean_actions : null}
        />
        <LabScoreChart id="lab-score-chart" scores={results.scores} labels={seatLabels} />
      </div>
    </section>
  );
}
