// The coach's meter in words and widths: each seat's chance as whole percents
// that add up to 100 (the largest remainders rounded up), so the bars never
// disagree with the numbers beside them.
import type { MeterFrame } from '../types';

export interface MeterRow {
  seat: number;
  name: string;
  percent: number; // whole
  you: boolean;
}

export function meterRows(reading: MeterFrame, names: string[]): MeterRow[] {
  const exact = reading.chances.map((chance) => Math.min(1, Math.max(0, chance)) * 100);
  const percents = exact.map(Math.floor);
  const short = 100 - percents.reduce((sum, p) => sum + p, 0);
  const byRemainder = exact.map((value, seat) => ({ seat, rest: value - Math.floor(value) }));
  byRemainder.sort((a, b) => b.rest - a.rest || a.seat - b.seat);
  for (let i = 0; i < short && i < byRemainder.length; i++) percents[byRemainder[i].seat] += 1;
  return percents.map((percent, seat) => ({
    seat,
    name: names[seat] ?? `P${seat + 1}`,
    percent,
    you: seat === reading.seat,
  }));
}

// What a screen reader says of the whole meter.
export function meterSummary(rows: MeterRow[]): string {
  return rows.map((row) => `${row.you ? 'you' : row.name} ${row.percent}%`).join(', ');
}
