// Rewrites the generated blocks of the READMEs (the root one and each package's) from the code:
// the error-code and close-code tables and one API table per package.
// Run with `npm run docs:tables`; a test fails when a README is out of date.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { README_BLOCKS, REPO_ROOT_PATH, readReadme, renderBlocks } from './readme/readme-blocks';

const blocks = renderBlocks();
for (const path of Object.keys(README_BLOCKS)) {
  const { current, expected } = readReadme(path, blocks);
  if (expected !== current) {
    writeFileSync(join(REPO_ROOT_PATH, path), expected);
    console.log(`Updated ${path}`);
  }
}
