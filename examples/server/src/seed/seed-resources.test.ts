import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { SEED_RECALL_SETS } from './seed-data';
import type { SeedRecallSet, SeedResource } from './seed-types';

const MEDIA = new URL('../../media/', import.meta.url);
const COMMON = new Set([
  'which',
  'that',
  'with',
  'from',
  'into',
  'still',
  'their',
  'there',
  'then',
]);

function words(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter(
    (word) => word.length >= 4 && !COMMON.has(word),
  );
}

/** Everything a resource shows: its text, or an image's caption and its drawn labels. */
function shownText(resource: SeedResource): string {
  if (resource.kind === 'text') return resource.content;
  const svg = readFileSync(new URL(resource.url.replace('/media/', ''), MEDIA), 'utf8');
  const labels = [...svg.matchAll(/<text[^>]*>([^<]*)</g)].map((match) => match[1]);
  return [resource.caption, ...labels].join(' ');
}

/** Words of a point's content that no other point of the set uses: what gives it away. */
function telltales(seed: SeedRecallSet, index: number): string[] {
  const others = new Set(
    seed.points.filter((_, other) => other !== index).flatMap((point) => words(point.content)),
  );
  return [...new Set(words(seed.points[index]!.content))].filter((word) => !others.has(word));
}

describe('demo resources never give an answer away', () => {
  // A resource is shown once every point it is linked to is recalled, so it must be linked to
  // every point it reveals. Heuristic: two of a point's telltale words shown means revealed.
  for (const seed of SEED_RECALL_SETS) {
    test(`${seed.name}: each resource is linked to every point whose telltale words it shows`, () => {
      for (const resource of seed.resources) {
        const shown = new Set(words(shownText(resource)));
        const linked = new Set(resource.linkedPoints.map((link) => link.point));
        seed.points.forEach((_, index) => {
          const revealed = telltales(seed, index).filter((word) => shown.has(word));
          if (revealed.length >= 2) {
            expect(linked, `${resource.key} shows "${revealed.join(', ')}"`).toContain(index);
          }
        });
      }
    });
  }

  test('the chloroplast diagram waits for both the thylakoids and the stroma', () => {
    const photosynthesis = SEED_RECALL_SETS.find((seed) => seed.id === 'photosynthesis')!;
    const diagram = photosynthesis.resources.find((resource) => resource.kind === 'image')!;
    expect(shownText(diagram)).toContain('Calvin cycle');
    expect(diagram.linkedPoints.map((link) => link.point).sort()).toEqual([0, 3]);
  });
});
