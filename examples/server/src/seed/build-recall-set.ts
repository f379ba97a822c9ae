import type { PointSchedule, RecallSet, Resource } from '@recall/core';
import type { SeedRecallSet, SeedResource } from './seed-types';

/** A never-reviewed FSRS card that is due at `now` (the same fields as ts-fsrs' empty card). */
export function newPointSchedule(now: number): PointSchedule {
  return {
    due: now,
    stability: 0,
    difficulty: 0,
    elapsedDays: 0,
    scheduledDays: 0,
    learningSteps: 0,
    reps: 0,
    lapses: 0,
    state: 0,
  };
}

/** The stored id of the point at `index` of a seed set: stable across restarts. */
export function seedPointId(setId: string, index: number): string {
  return `${setId}-point-${index + 1}`;
}

/** Turns a hand-written seed into a complete `RecallSet` whose points are all due at `now`. */
export function buildRecallSet(seed: SeedRecallSet, options: { now: number }): RecallSet {
  const { now } = options;
  return {
    id: seed.id,
    name: seed.name,
    description: seed.description,
    status: 'active',
    ...(seed.supplementaryGuidelines === undefined
      ? {}
      : { supplementaryGuidelines: seed.supplementaryGuidelines }),
    points: seed.points.map((point, index) => ({
      id: seedPointId(seed.id, index),
      recallSetId: seed.id,
      content: point.content,
      context: point.context,
      position: index,
      schedule: newPointSchedule(now),
      createdAt: now,
      updatedAt: now,
    })),
    resources: seed.resources.map((resource) => buildResource(seed, resource)),
    createdAt: now,
    updatedAt: now,
  };
}

function buildResource(seed: SeedRecallSet, resource: SeedResource): Resource {
  const links = resource.linkedPoints.map((link) => {
    if (seed.points[link.point] === undefined) {
      throw new RangeError(`Seed ${seed.id}: resource ${resource.key} links to a missing point.`);
    }
    return {
      pointId: seedPointId(seed.id, link.point),
      ...(link.relevance === undefined ? {} : { relevance: link.relevance }),
    };
  });
  const base = {
    id: `${seed.id}-${resource.key}`,
    recallSetId: seed.id,
    title: resource.title,
    license: resource.license,
    source: resource.source,
    links,
  };
  switch (resource.kind) {
    case 'text':
      return { ...base, kind: 'text', mimeType: 'text/plain', content: resource.content };
    case 'image':
      return {
        ...base,
        kind: 'image',
        url: resource.url,
        mimeType: resource.mimeType,
        caption: resource.caption,
      };
  }
}
