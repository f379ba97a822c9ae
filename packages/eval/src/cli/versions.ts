import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

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
  return {
    '@recall/eval': versionAt(() => new URL('../../package.json', import.meta.url).pathname),
    '@recall/core': versionAt(() =>
      createRequire(import.meta.url).resolve('@recall/core/package.json'),
    ),
    node: process.version,
  };
}
