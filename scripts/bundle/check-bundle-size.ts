// CI check: fails when what an app pays for @recall/react (every export) plus
// createRecallClient, measured from the packed tarballs with esbuild and with `vite build`,
// exceeds the budget, or when zod reaches that bundle. Run after `npm run build`:
//   npm run check:bundle
import { BUNDLE_BUDGET_GZIP_BYTES, formatKilobytes, measurePackedBundles } from './packed-bundle';

const figures = await measurePackedBundles();
let failed = false;
for (const figure of figures) {
  const overBudget = figure.gzipBytes > BUNDLE_BUDGET_GZIP_BYTES;
  failed ||= overBudget || figure.containsZod;
  console.log(
    `${figure.bundler.padEnd(7)} ${formatKilobytes(figure.minifiedBytes).padStart(9)} minified ` +
      `${formatKilobytes(figure.gzipBytes).padStart(8)} gzip` +
      `${overBudget ? ` — over the ${formatKilobytes(BUNDLE_BUDGET_GZIP_BYTES)} budget` : ''}` +
      `${figure.containsZod ? ' — contains zod' : ''}`,
  );
}
if (failed) {
  console.error(
    `@recall/react + createRecallClient must stay within ${formatKilobytes(BUNDLE_BUDGET_GZIP_BYTES)} gzip, without zod.`,
  );
  process.exit(1);
}
