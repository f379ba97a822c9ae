// `prepack` of every published package: puts in the package directory what the tarball ships
// beside `dist` and the README. The repository's LICENSE, and every repository doc the package's
// README names as `docs/<name>.md`, copied to the package's own `docs/`, so that someone who
// only has the installed package can read each doc its README points to.
// Plain Node (no toolchain), since `npm pack` and `npm publish` may run under any Node.
import { copyFileSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const root = new URL('../', import.meta.url);

/** The repository docs a README names (`docs/scaling.md` → `scaling.md`). */
export function docsNamedBy(readme) {
  return [...new Set([...readme.matchAll(/\bdocs\/([a-z0-9-]+\.md)\b/g)].map((match) => match[1]))];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  copyFileSync(new URL('LICENSE', root), 'LICENSE');
  rmSync('docs', { recursive: true, force: true });
  const docs = docsNamedBy(readFileSync('README.md', 'utf8'));
  if (docs.length > 0) mkdirSync('docs');
  for (const name of docs) copyFileSync(new URL(`docs/${name}`, root), `docs/${name}`);
}
