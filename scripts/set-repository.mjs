// The one place the repository's URL is set for the published packages. Until it is known,
// no package has `repository`, `homepage` or `bugs` (npm would link a placeholder). At release:
//   node scripts/set-repository.mjs https://github.com/<owner>/<name>
// writes the three fields into every published package.json (repository with its `directory`,
// homepage at the package's README, bugs at the issues). Plain Node, no toolchain.
import { readFileSync, writeFileSync } from 'node:fs';

const PUBLISHED = ['packages/core', 'packages/ws', 'packages/react'];
const url = process.argv[2]?.replace(/\/+$/, '').replace(/\.git$/, '');
if (!url || !/^https:\/\/[^/]+\/[^/]+\/[^/]+$/.test(url)) {
  console.error('Usage: node scripts/set-repository.mjs https://github.com/<owner>/<name>');
  process.exit(1);
}
for (const directory of PUBLISHED) {
  const path = new URL(`../${directory}/package.json`, import.meta.url);
  const manifest = JSON.parse(readFileSync(path, 'utf8'));
  manifest.repository = { type: 'git', url: `git+${url}.git`, directory };
  manifest.homepage = `${url}/tree/main/${directory}#readme`;
  manifest.bugs = { url: `${url}/issues` };
  writeFileSync(path, `${JSON.stringify(manifest, null, 2)}\n`);
  console.log(`${directory}/package.json: repository, homepage and bugs set to ${url}`);
}
