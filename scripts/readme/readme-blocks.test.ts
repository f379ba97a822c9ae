import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { type PackageApi, PUBLISHED_PACKAGES, readPackageApis } from './api-table';
import {
  README_BLOCKS,
  REPO_ROOT_PATH,
  readReadme,
  renderBlocks,
  updateBlocks,
} from './readme-blocks';

let apis: PackageApi[];
let blocks: Map<string, string>;

// One TypeScript program over every package's entries: a few seconds.
beforeAll(() => {
  apis = readPackageApis();
  blocks = renderBlocks(apis);
}, 120_000);

describe.each(Object.keys(README_BLOCKS))('%s', (path) => {
  test('its generated tables match the code (run `npm run docs:tables`)', () => {
    const { current, expected } = readReadme(path, blocks);
    expect(current).toBe(expected);
  });
});

test('every export of every package has a TSDoc line in its API table', () => {
  const undocumented = apis
    .flatMap((api) => api.exports)
    .filter((item) => item.summary === '')
    .map((item) => `${item.entry}: ${item.name}`);
  expect(undocumented).toEqual([]);
});

test('a missing or unknown block is an error, not a silent skip', () => {
  expect(() => updateBlocks('packages/core/README.md', 'no blocks here', blocks)).toThrow(
    /has no <!-- api:@recall\/core:start -->/,
  );
  expect(() =>
    updateBlocks('x.md', '<!-- api:@recall/nope:start -->\n<!-- api:@recall/nope:end -->', blocks),
  ).toThrow(/unknown generated block "api:@recall\/nope"/);
});

// The package READMEs are the npm page: nothing they link to may be missing from the tarball.
describe.each(PUBLISHED_PACKAGES)('%s/README.md stands alone', (directory) => {
  const readme = readFileSync(join(REPO_ROOT_PATH, directory, 'README.md'), 'utf8');
  const prose = readme.replace(/```[\s\S]*?```/g, '');

  test('no relative links to files the tarball does not hold (docs/*.md ship with it)', () => {
    const targets = [
      ...[...prose.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((match) => match[1]),
      ...[...prose.matchAll(/\b(?:href|src)="([^"]+)"/g)].map((match) => match[1]),
    ];
    // The package's prepack (scripts/package-files.mjs) copies each repository doc the README
    // names into the package's docs/.
    const shipped = (target: string) =>
      /^docs\/[a-z0-9-]+\.md$/.test(target) && existsSync(join(REPO_ROOT_PATH, target));
    expect(
      targets.filter((target) => !/^(#|https:\/\/)/.test(target ?? '') && !shipped(target ?? '')),
    ).toEqual([]);
  });

  test('every #anchor names a heading of the same README', () => {
    const anchors = new Set(
      [...prose.matchAll(/^#{1,6} (.+)$/gm)].map((match) => githubSlug(match[1] ?? '')),
    );
    const links = [...prose.matchAll(/\]\(#([^)]+)\)/g)].map((match) => match[1]);
    expect(links.filter((link) => !anchors.has(link ?? ''))).toEqual([]);
  });

  test('has a quick start', () => {
    expect(readme).toMatch(/^## Quick start/m);
  });
});

/** GitHub's (and npm's) heading ids: lower case, punctuation dropped, spaces as hyphens. */
function githubSlug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}
