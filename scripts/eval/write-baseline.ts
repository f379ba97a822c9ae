// npm run eval:baseline — regenerates docs/eval-baseline.md (the offline model's eval report).
import { writeFile } from 'node:fs/promises';
import { BASELINE_FILE, renderBaseline } from './baseline';

const started = Date.now();
await writeFile(BASELINE_FILE, await renderBaseline());
console.log(`Wrote ${BASELINE_FILE} in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
