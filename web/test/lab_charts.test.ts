// The lab's charts as geometry (src/view/lab_charts.ts): scales, ticks, bars
// and boxes where they belong, and no data or one game drawn without a fault.
import { describe, expect, it } from 'vitest';
import type { LabJob, LabResults } from '../src/lab';
import {
  CHART_WIDTH,
  lengthChart,
  lengthSummary,
  rateChart,
  rateScaleTop,
  rateSummary,
  scoreChart,
  scoreSummary,
} from '../src/view/lab_charts';
import { lengthBins, spreadOf } from '../src/view/lab_stats';
import jobText from './lab-job-hustle.json?raw';

const results = (JSON.parse(jobText) as LabJob & { results: LabResults }).results;
const seatRows = results.seats.map((s, i) => ({ label: `Seat ${i + 1}`, rate: s.win_rate, ci95: s.ci95 }));
const finite = (...values: number[]) => values.every(Number.isFinite);

describe('the win-rate chart', () => {
  it('scales to the highest interval, in round steps, with the fair share dashed', () => {
    expect(rateScaleTop(seatRows, 1 / 3)).toEqual({ top: 0.6, step: 0.2 }); // the highest end is 51%
    expect(rateScaleTop([{ label: 'a', rate: 0.7, ci95: [0.6, 0.81] }], 0.5)).toEqual({ top: 1, step: 0.2 });
    expect(rateScaleTop([], null)).toEqual({ top: 0.1, step: 0.1 });
    const chart = rateChart(seatRows, 1 / 3);
    expect(chart.ticks.map((t) => t.label)).toEqual(['0%', '20%', '40%', '60%']);
    expect(chart.ticks[0].at).toBe(chart.left);
    expect(chart.ticks[3].at).toBe(chart.right);
    expect(rateChart(seatRows.slice(0, 1), 1 / 3).ticks.map((t) => t.label)).toEqual([
      '0%',
      '10%',
      '20%',
      '30%',
      '40%',
    ]);
    expect(chart.right).toBeLessThan(CHART_WIDTH); // room for each rate's figure
    const span = chart.right - chart.left;
    expect(chart.fair?.at).toBeCloseTo(chart.left + span * (1 / 3 / 0.6), 1);
    expect(chart.fair?.label).toBe('fair share 33%');
    expect(chart.fair?.anchor).toBe('middle');
  });

  it('puts a bar per row, its end at the rate and its error bar over the interval', () => {
    const chart = rateChart(seatRows, 1 / 3);
    const span = chart.right - chart.left;
    chart.bars.forEach((bar, i) => {
      expect(bar.x0).toBe(chart.left);
      expect(bar.x).toBeCloseTo(chart.left + (span * results.seats[i].win_rate) / 0.6, 1);
      expect(bar.low).toBeLessThanOrEqual(bar.x);
      expect(bar.high).toBeGreaterThanOrEqual(bar.x);
      expect(bar.barY).toBeGreaterThanOrEqual(chart.top);
      expect(bar.barY + bar.barHeight).toBeLessThanOrEqual(chart.bottom);
    });
    expect(chart.bars.map((b) => b.value)).toEqual(['25%', '38%', '37%']);
    expect(chart.bars[1].y - chart.bars[0].y).toBe(chart.bars[2].y - chart.bars[1].y);
    expect(chart.height).toBeGreaterThan(chart.bottom); // the ticks' labels under the plot
  });

  it('keeps the fair share label inside the chart near an edge', () => {
    const low = rateChart([{ label: 'Seat 1', rate: 0.9, ci95: [0.8, 0.95] }], 1 / 8);
    expect(low.fair?.anchor).toBe('start');
    expect(rateChart([{ label: 'Seat 1', rate: 0.4, ci95: [0.3, 0.5] }], 0.5).fair?.anchor).toBe('end');
  });

  it('gives long labels more room, and draws nothing odd with no rows', () => {
    const short = rateChart([{ label: 'Seat 1', rate: 0.5, ci95: [0.4, 0.6] }], 0.5);
    const long = rateChart([{ label: 'heuristic', rate: 0.5, ci95: [0.4, 0.6] }], 0.5);
    expect(long.left).toBeGreaterThan(short.left);
    const empty = rateChart([], 1 / 3);
    expect(empty.bars).toEqual([]);
    expect(finite(empty.height, empty.fair!.at, ...empty.ticks.map((t) => t.at))).toBe(true);
  });

  it('says itself in words', () => {
    expect(rateSummary('Win rate per seat', seatRows, 1 / 3, 60)).toBe(
      'Win rate per seat over 60 games: Seat 1 25% (95% interval 16% to 37%), Seat 2 38% (95% interval 27% to 51%), ' +
        'Seat 3 37% (95% interval 26% to 49%); a fair share is 33%.',
    );
    expect(rateSummary('Win rate per level', [], null, 0)).toBe('Win rate per level: no games played yet.');
  });
});

describe('the game-length histogram', () => {
  it('draws a bar per bin, from the plot floor up to its games, under a round top', () => {
    const bins = lengthBins(results.lengths);
    const chart = lengthChart(bins, results.mean_actions);
    expect(chart.bars).toHaveLength(bins.length);
    const most = Math.max(...bins.map((b) => b.games));
    const tallest = chart.bars.find((b) => b.height === Math.max(...chart.bars.map((c) => c.height)))!;
    expect(tallest.words).toBe(`10–11 actions: ${most} games`);
    for (const bar of chart.bars) {
      expect(bar.y + bar.height).toBeCloseTo(chart.bottom, 1);
      expect(bar.x).toBeGreaterThanOrEqual(chart.left);
      expect(bar.x + bar.width).toBeLessThanOrEqual(chart.right + 0.01);
    }
    expect(chart.yTicks[0]).toEqual({ at: chart.bottom, label: '0' });
    expect(Number(chart.yTicks[chart.yTicks.length - 1].label)).toBeGreaterThanOrEqual(most);
    expect(chart.xTicks.length).toBeGreaterThan(2);
    expect(chart.xTicks.length).toBeLessThanOrEqual(8);
    expect(chart.mean?.label).toBe('mean 15.4');
  });

  it('labels one-action bins at their middle', () => {
    const chart = lengthChart(
      lengthBins([
        [3, 2],
        [4, 1],
      ]),
      3.3,
    );
    // Two bins, centred in the room of five.
    expect(chart.bars.map((b) => b.width)).toEqual([54.8, 54.8]);
    expect(chart.bars[0].x - chart.left).toBeCloseTo(chart.right - (chart.bars[1].x + chart.bars[1].width), 1);
    expect(chart.xTicks.map((t) => t.label)).toEqual(['2', '3', '4', '5', '6']);
    expect(chart.xTicks[1].at).toBeCloseTo(chart.bars[0].x + chart.bars[0].width / 2, 1);
  });

  it('draws one game, and no games, without a fault', () => {
    const one = lengthChart(lengthBins([[12, 1]]), 12);
    expect(one.bars).toHaveLength(1);
    expect(one.bars[0].width).toBeCloseTo((one.right - one.left) / 5, 1); // a bar, not a block
    expect(one.xTicks.find((t) => t.label === '12')?.at).toBeCloseTo(one.bars[0].x + one.bars[0].width / 2, 1);
    expect(one.yTicks.map((t) => t.label)).toEqual(['0', '1']);
    expect(finite(one.mean!.at, one.bars[0].y)).toBe(true);
    const none = lengthChart([], null);
    expect([none.bars, none.xTicks, none.yTicks, none.mean]).toEqual([[], [], [], null]);
    expect(lengthSummary(null, [])).toBe('Game length: no games played yet.');
    expect(lengthSummary(spreadOf([[12, 1]]), lengthBins([[12, 1]]))).toBe(
      'Game length over 1 game: from 12 to 12 actions, 12.0 on average; most often 12 (1 game).',
    );
  });
});

describe('the scores per seat', () => {
  const labels = ['Seat 1', 'Seat 2', 'Seat 3'];

  it("draws each seat's scores on one scale, bars as tall as their share of the seat's games", () => {
    const chart = scoreChart(
      [
        [
          [2, 1],
          [4, 2],
          [6, 1],
        ],
        [[10, 4]],
        [],
      ],
      labels,
    );
    expect(chart.ticks.map((t) => t.label)).toEqual(['2', '4', '6', '8', '10']);
    const [a, b, c] = chart.rows;
    expect(a.bars.map((bar) => bar.words)).toEqual([
      'Seat 1: score 2 in 1 game (25%)',
      'Seat 1: score 4 in 2 games (50%)',
      'Seat 1: score 6 in 1 game (25%)',
    ]);
    // Seat 2 ended on 10 every time: the tallest bar; seat 1's 4 half as tall.
    expect(b.bars[0].height).toBe(30);
    expect(a.bars[1].height).toBe(15);
    expect(a.bars[0].height).toBe(7.5);
    for (const row of [a, b]) for (const bar of row.bars) expect(bar.y + bar.height).toBeCloseTo(row.baseline, 1);
    // Each bar over its score's tick, the mean between.
    expect(a.bars[0].x + a.bars[0].width / 2).toBeCloseTo(chart.ticks[0].at, 1);
    expect(b.bars[0].x + b.bars[0].width / 2).toBeCloseTo(chart.ticks[4].at, 1);
    expect(a.mean).toBeCloseTo(chart.ticks[1].at, 1);
    expect(b.bars[0].x + b.bars[0].width).toBeLessThanOrEqual(chart.right);
    expect(c.bars).toEqual([]);
    expect(c.mean).toBeNull();
    expect(b.baseline - a.baseline).toBe(c.baseline - b.baseline);
    expect(chart.height).toBeGreaterThan(c.baseline);
  });

  it("shows a win-or-lose game's split as two bars of bounded width", () => {
    const chart = scoreChart(results.scores, labels);
    expect(chart.ticks.map((t) => t.label)).toEqual(['0', '1']);
    const first = chart.rows[0];
    expect(first.bars.map((b) => b.words)).toEqual([
      'Seat 1: score 0 in 45 games (75%)',
      'Seat 1: score 1 in 15 games (25%)',
    ]);
    expect(first.bars[0].height).toBeGreaterThan(2 * first.bars[1].height);
    expect(Math.max(...chart.rows.flatMap((r) => r.bars.map((b) => b.width)))).toBeLessThanOrEqual(36);
    expect(scoreSummary(results.scores, labels)).toMatch(
      /^Scores per seat: Seat 1 from 0 to 1, median 0, mean 0\.25; Seat 2 /,
    );
  });

  it('bins scores that range widely', () => {
    const wide = scoreChart(
      [
        [
          [-12, 1],
          [40, 3],
          [95, 1],
        ],
      ],
      ['Seat 1'],
    );
    expect(wide.rows[0].bars.map((b) => b.words)).toEqual([
      'Seat 1: score -15–-11 in 1 game (20%)',
      'Seat 1: score 40–44 in 3 games (60%)',
      'Seat 1: score 95–99 in 1 game (20%)',
    ]);
    expect(wide.ticks.length).toBeLessThanOrEqual(8);
  });

  it('draws one game, and none, without a fault', () => {
    const one = scoreChart([[[3, 1]], [[0, 1]]], labels.slice(0, 2));
    const drawn = one.rows.flatMap((r) => [r.mean!, ...r.bars.flatMap((b) => [b.x, b.y, b.width, b.height])]);
    expect(finite(...drawn, ...one.ticks.map((t) => t.at))).toBe(true);
    const same = scoreChart([[[5, 1]]], ['Seat 1']);
    expect(same.rows[0].bars).toHaveLength(1);
    expect(same.rows[0].bars[0].x).toBeGreaterThan(same.left); // a lone score sits inside the scale
    expect(same.ticks.map((t) => t.label)).toEqual(['5']);
    const none = scoreChart([[], []], labels.slice(0, 2));
    expect(none.rows.map((r) => [r.bars, r.mean])).toEqual([
      [[], null],
      [[], null],
    ]);
    expect(none.ticks).toEqual([]);
    expect(scoreSummary([[], []], labels)).toBe('Scores per seat: no games played yet.');
  });
});
