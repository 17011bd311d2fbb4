// The lab's figures as its tables print them: rates to a tenth of a percent,
// intervals as a range, shared wins (1/k of a win each) to two places, and
// whole numbers without a trailing ".0".
export const rateCell = (rate: number): string => `${(rate * 100).toFixed(1)}%`;

export const intervalCell = ([low, high]: [number, number]): string =>
  `${(low * 100).toFixed(1)}–${(high * 100).toFixed(1)}%`;

// Counts and scores: as they are when whole, else to two places.
export const figureCell = (value: number): string => String(Number(value.toFixed(2)));
