// The balance lab's charts as geometry, in the units of an SVG viewBox
// CHART_WIDTH wide (the SVG scales to its box, text with it, so each chart
// keeps its proportions from a phone to a desktop): win rates with their 95%
// intervals against the fair share, game lengths as a histogram, and each
// seat's scores as a small histogram of its own. Pure: the components draw what these say.
import type { Distribution } from '../lab';
import { binWords, commonBins, roundStep, spreadOf, type Bin, type Spread } from './lab_stats';

export const CHART_WIDTH = 320;
const ROW = 26; // a rate's row
const BAR = 14;
const AXIS = 22; // tick labels under a plot
const VALUE = 42; // a rate's figure, right of its row ("100%" clear of an interval's end)
const TOP = 18; // a marker's label over a plot
const TITLE = 14; // an axis's name under its tick labels

export interface Tick {
  at: number; // x (or y) in the viewBox
  label: string;
}

export const percentWords = (rate: number): string => `${Math.round(rate * 100)}%`;
const round = (v: number) => Number(v.toFixed(2));
export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
// A tick's value free of floating-point dust (0.30000000000000004).
const tidy = (v: number) => Number(v.toPrecision(12));

// Room for the longest row label, left of a plot (about 7 units a character at the charts' text size).
const labelRoom = (labels: string[]) =>
  Math.min(120, Math.max(44, 14 + 7 * Math.max(0, ...labels.map((l) => l.length))));

// ---- Win rates --------------------------------------------------------------

export interface RateIn {
  label: string;
  rate: number;
  ci95: [number, number];
}

export interface RateBar {
  label: string;
  y: number; // the row's middle
  barY: number;
  barHeight: number;
  x0: number;
  x: number; // the bar's end: the rate
  low: number; // the interval's ends
  high: number;
  value: string; // the rate in words, right of the row
}

// A chart's size and its plot's edges, in SVG units.
export interface ChartFrame {
  width: number;
  height: number;
  left: number; // the plot's edges
  right: number;
  top: number;
  bottom: number;
}

export interface RateChart extends ChartFrame {
  bars: RateBar[];
  ticks: Tick[]; // along the bottom
  fair: (Tick & { labelAt: number; anchor: 'start' | 'middle' | 'end' }) | null; // the dashed line at 1/players
}

// The scale's end: the highest interval or the fair share, rounded up to a tenth (a fifth above 50%).
export function rateScaleTop(rows: RateIn[], fair: number | null): { top: number; step: number } {
  const highest = Math.max(0.05, fair ?? 0, ...rows.map((r) => r.ci95[1]), ...rows.map((r) => r.rate));
  const step = highest <= 0.5 ? 0.1 : 0.2;
  return { top: Math.min(1, tidy(Math.ceil(highest / step - 1e-9) * step)), step };
}

export function rateChart(rows: RateIn[], fair: number | null): RateChart {
  const left = labelRoom(rows.map((r) => r.label));
  const right = CHART_WIDTH - VALUE;
  const top = TOP;
  const bottom = top + ROW * Math.max(1, rows.length);
  const { top: scaleTop, step } = rateScaleTop(rows, fair);
  const x = (rate: number) => round(left + ((right - left) * Math.max(0, Math.min(rate, scaleTop))) / scaleTop);
  const ticks: Tick[] = [];
  for (let v = 0; v <= scaleTop + 1e-9; v = tidy(v + step)) ticks.push({ at: x(v), label: percentWords(v) });
  const bars = rows.map((r, i) => {
    const y = top + ROW * i + ROW / 2;
    return {
      label: r.label,
      y,
      barY: y - BAR / 2,
      barHeight: BAR,
      x0: left,
      x: x(r.rate),
      low: x(r.ci95[0]),
      high: x(r.ci95[1]),
      value: percentWords(r.rate),
    };
  });
  let shownFair: RateChart['fair'] = null;
  if (fair !== null) {
    const at = x(fair);
    // Its label over the plot, kept inside the chart near either edge.
    const anchor = at < left + 40 ? 'start' : at > right - 40 ? 'end' : 'middle';
    shownFair = { at, label: `fair share ${percentWords(fair)}`, labelAt: at, anchor };
  }
  return { width: CHART_WIDTH, height: bottom + AXIS, left, right, top, bottom, bars, ticks, fair: shownFair };
}

export function rateSummary(title: string, rows: RateIn[], fair: number | null, games: number): string {
  if (rows.length === 0 || games === 0) return `${title}: no games played yet.`;
  const each = rows.map(
    (r) => `${r.label} ${percentWords(r.rate)} (95% interval ${percentWords(r.ci95[0])} to ${percentWords(r.ci95[1])})`,
  );
  const share = fair === null ? '' : `; a fair share is ${percentWords(fair)}`;
  return `${title} over ${plural(games, 'game')}: ${each.join(', ')}${share}.`;
}

// ---- Game lengths -------------------------------------------------------------

export interface HistogramBar {
  x: number;
  y: number;
  width: number;
  height: number;
  words: string; // "12 actions: 7 games", its tooltip
}

export interface LengthChart extends ChartFrame {
  bars: HistogramBar[];
  xTicks: Tick[];
  yTicks: Tick[];
  mean: (Tick & { anchor: 'start' | 'middle' | 'end' }) | null;
}

const LENGTH_HEIGHT = 170;
const MIN_BINS = 5;

// x: actions, each bin from its first length to the next bin's (a bin one
// action wide is labelled at its middle), centred in the width of MIN_BINS
// bins when there are fewer; y: games, from 0 to a round number.
export function lengthChart(bins: Bin[], mean: number | null): LengthChart {
  const [left, right, top, bottom] = [36, CHART_WIDTH - 10, TOP, LENGTH_HEIGHT - AXIS - TITLE];
  const empty = { width: CHART_WIDTH, height: LENGTH_HEIGHT, left, right, top, bottom, bars: [], mean: null };
  if (bins.length === 0) return { ...empty, xTicks: [], yTicks: [] };
  const binWidth = bins[0].to - bins[0].from;
  // Room for at least MIN_BINS bins: one length alone is a bar, not a block.
  const pad = (Math.max(0, MIN_BINS - bins.length) / 2) * binWidth;
  const [from, to] = [bins[0].from - pad, bins[bins.length - 1].to + pad];
  const x = (actions: number) => round(left + ((right - left) * (actions - from)) / (to - from));
  const most = Math.max(...bins.map((b) => b.games));
  const yStep = roundStep(most, 4, true);
  const yTop = Math.max(yStep, Math.ceil(most / yStep) * yStep);
  const y = (games: number) => round(bottom - ((bottom - top) * games) / yTop);
  const bars = bins.map((b) => ({
    x: x(b.from),
    y: y(b.games),
    width: round(x(b.to) - x(b.from)),
    height: round(bottom - y(b.games)),
    words: `${binWords(b)} actions: ${plural(b.games, 'game')}`,
  }));
  // A one-action bin's label sits at its middle; wider bins' at their edges.
  const middle = binWidth === 1 ? 0.5 : 0;
  const xStep = Math.max(binWidth, roundStep(to - from, 6, true));
  const xTicks: Tick[] = [];
  for (let v = Math.ceil(from / xStep) * xStep; v + middle <= to; v += xStep)
    xTicks.push({ at: x(v + middle), label: String(v) });
  const yTicks: Tick[] = [];
  for (let v = 0; v <= yTop; v += yStep) yTicks.push({ at: y(v), label: String(v) });
  let shownMean: LengthChart['mean'] = null;
  if (mean !== null) {
    const at = x(Math.max(from, Math.min(to, mean + middle)));
    const anchor = at < left + 40 ? 'start' : at > right - 40 ? 'end' : 'middle';
    shownMean = { at, label: `mean ${mean.toFixed(1)}`, anchor };
  }
  return { ...empty, bars, xTicks, yTicks, mean: shownMean };
}

export function lengthSummary(lengths: Spread | null, bins: Bin[]): string {
  if (!lengths || bins.length === 0) return 'Game length: no games played yet.';
  const peak = bins.reduce((a, b) => (b.games > a.games ? b : a));
  return (
    `Game length over ${plural(lengths.games, 'game')}: from ${lengths.min} to ${lengths.max} actions, ` +
    `${lengths.mean.toFixed(1)} on average; most often ${binWords(peak)} (${plural(peak.games, 'game')}).`
  );
}

// ---- Score spread -------------------------------------------------------------

export interface ScoreRow {
  label: string;
  baseline: number; // y of the row's floor
  bars: HistogramBar[]; // each score (or bin of scores) as tall as its share of the seat's games
  mean: number | null; // x of the seat's mean score; null before its first game
}

export interface ScoreChart extends ChartFrame {
  rows: ScoreRow[];
  ticks: Tick[];
}

const SCORE_ROW = 40;
const SCORE_BAR = 30; // the tallest bar of the chart: the largest share of any seat's games
const WIDEST_BAR = 36; // a score of few values (win or lose) still draws bars, not blocks

// A small histogram a seat, all on one scale of scores: how often each seat
// ended on each score, and its mean marked. Heights are shares of that seat's
// games, so rows compare however many games each has.
export function scoreChart(scores: Distribution[], labels: string[]): ScoreChart {
  const left = labelRoom(labels);
  const [right, top] = [CHART_WIDTH - 10, 6];
  const bottom = top + SCORE_ROW * Math.max(1, scores.length);
  const base = { width: CHART_WIDTH, height: bottom + AXIS + TITLE, left, right, top, bottom };
  const binned = commonBins(scores, 30);
  const sample = binned.find((bins) => bins.length > 0);
  const baselineOf = (i: number) => top + SCORE_ROW * (i + 1) - 4;
  const label = (i: number) => labels[i] ?? `Seat ${i + 1}`;
  if (!sample) {
    const rows = scores.map((_, i) => ({ label: label(i), baseline: baselineOf(i), bars: [], mean: null }));
    return { ...base, rows, ticks: [] };
  }
  const binWidth = sample[0].to - sample[0].from;
  const [from, to] = [sample[0].from, sample[sample.length - 1].to];
  const x = (score: number) => round(left + ((right - left) * (score - from)) / (to - from));
  const middle = binWidth === 1 ? 0.5 : 0; // a one-score bin is labelled, and its mean placed, at its middle
  const shares = binned.map((bins) => {
    const games = bins.reduce((sum, b) => sum + b.games, 0);
    return bins.map((b) => (games ? b.games / games : 0));
  });
  const tallest = Math.max(...shares.flat());
  const rows = binned.map((bins, i) => {
    const baseline = baselineOf(i);
    const bars = bins.flatMap((b, j) => {
      if (b.games === 0) return [];
      const [x0, x1] = [x(b.from), x(b.to)];
      const width = Math.min(WIDEST_BAR, Math.max(1, (x1 - x0) * 0.85));
      const height = round((SCORE_BAR * shares[i][j]) / tallest);
      const words = `${label(i)}: score ${binWords(b)} in ${plural(b.games, 'game')} (${percentWords(shares[i][j])})`;
      return [{ x: round((x0 + x1 - width) / 2), y: round(baseline - height), width: round(width), height, words }];
    });
    const spread = spreadOf(scores[i]);
    return { label: label(i), baseline, bars, mean: spread ? x(spread.mean + middle) : null };
  });
  const step = Math.max(binWidth, roundStep(to - from, 6, true));
  const ticks: Tick[] = [];
  for (let v = Math.ceil(from / step) * step; v + middle <= to; v += step)
    ticks.push({ at: x(v + middle), label: String(v) });
  return { ...base, rows, ticks };
}

const scoreWords = (v: number) => String(Number(v.toFixed(2)));

export function scoreSummary(scores: Distribution[], labels: string[]): string {
  const spreads = scores.map(spreadOf);
  if (!spreads.some(Boolean)) return 'Scores per seat: no games played yet.';
  const each = spreads.map((s, i) =>
    s
      ? `${labels[i]} from ${scoreWords(s.min)} to ${scoreWords(s.max)}, median ${scoreWords(s.median)}, ` +
        `mean ${scoreWords(s.mean)}`
      : `${labels[i]} no games yet`,
  );
  return `Scores per seat: ${each.join('; ')}.`;
}
