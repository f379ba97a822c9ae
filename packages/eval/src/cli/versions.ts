import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * This module's own path, in either build: under CommonJS the build leaves `import.meta` empty
 * and Node gives `__filename`; under ESM there is no `__filename`.
 */
function modulePath(): string {
  return typeof __filename === 'string' ? __filename : fileURLToPath(import.meta.url);
}

/** The versions a report records: this package, @recall/core and Node. Unknown ones say so. */
export function readVersions(): Record<string, string> {
  const versionAt = (locate: () => string): string => {
    try {
      return (
        (JSON.parse(readFileSync(locate(), 'utf8')) as { version?: string }).version ?? 'unknown'
      );
    } catch {
      return 'unknown';
    }
  };
  // src/cli/versions.ts and dist/cli/versions.{js,cjs} sit two levels below the package root.
  const here = modulePath();
  return {
    '@recall/eval': versionAt(() => join(dirname(here), '../../package.json')),
    '@recall/core': versionAt(() => createRequire(here).resolve('@recall/core/package.json')),
    node: process.version,
  };
}
