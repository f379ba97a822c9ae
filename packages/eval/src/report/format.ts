/** A share as a whole percentage, e.g. `42 %`. */
export function percent(value: number): string {
  return `${Math.round(value * 100)} %`;
}

/** A number with at most `digits` decimals; `—` for none. */
export function decimal(value: number | null, digits = 1): string {
  if (value === null) return '—';
  return Number.isInteger(value) ? String(value) : value.toFixed(digits);
}

/** Whether a report should print timing columns (they differ from run to run). */
export interface TimingOption {
  /** Print first-token latency and the run's duration. @default true */
  timings?: boolean;
}
