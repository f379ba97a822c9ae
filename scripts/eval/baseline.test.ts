import { expect, test } from 'vitest';
import { readBaseline, renderBaseline } from './baseline';

test('docs/eval-baseline.md is current (npm run eval:baseline regenerates it)', async () => {
  expect(await renderBaseline()).toBe(await readBaseline());
}, 120_000);
