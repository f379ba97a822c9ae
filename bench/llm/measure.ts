// Shared by the LLM adapter benchmarks (ai-sdk.bench.ts, anthropic.bench.ts).

/** What an LLM request is for, as the benchmarks count them per learner turn. */
export type CallKind = 'tutor' | 'evaluator' | 'detector' | 'other';

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export function percentile(values: readonly number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
}

export function commonPrefixLength(a: string, b: string): number {
  let index = 0;
  while (index < a.length && index < b.length && a[index] === b[index]) index++;
  return index;
}

/** One table row: each cell padded to its column's width. */
export function row(cells: readonly string[], widths: readonly number[]): string {
  return cells.map((cell, index) => cell.padEnd(widths[index]!)).join('  ');
}

/** The tutor's reply in the model benches: the length of a real Socratic turn. */
const TUTOR_REPLY =
  'Good start. You said the mitochondrion makes energy; can you say which molecule it produces, ' +
  'and where in the organelle most of that happens? Take your time and use your own words.';

/**
 * What a model stand-in answers a call of `kind`: the judges find nothing recalled and no
 * tangent, so the session runs every scripted turn; the tutor (or anything else) gets text.
 */
export function quietReply(kind: CallKind) {
  switch (kind) {
    case 'evaluator':
      return { type: 'json' as const, value: { points: [] } };
    case 'detector':
      return {
        type: 'json' as const,
        value: {
          isRabbithole: false,
          topic: '',
          label: '',
          relatedPointIds: [],
          certainty: 0.1,
          reasoning: 'On topic.',
        },
      };
    case 'tutor':
    case 'other':
      return { type: 'text' as const, text: TUTOR_REPLY };
  }
}
