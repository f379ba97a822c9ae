import { defineRecallSet, type RecallSet, type ResourceDefinition } from '@recall/core';
import type { SeedRecallSet, SeedResource } from './seed-types';

/** The stored id of the point at `index` of a seed set: stable across restarts. */
export function seedPointId(setId: string, index: number): string {
  return `${setId}-point-${index + 1}`;
}

/**
 * Turns a hand-written seed into a `RecallSet` with `defineRecallSet` (points created at `now`,
 * so due from then on for every learner). Ids are derived from the seed so restarts never
 * duplicate a set and learners' schedules follow the points.
 */
export function buildRecallSet(seed: SeedRecallSet, options: { now: number }): RecallSet {
  return defineRecallSet(
    {
      id: seed.id,
      name: seed.name,
      description: seed.description,
      ...(seed.supplementaryGuidelines === undefined
        ? {}
        : { supplementaryGuidelines: seed.supplementaryGuidelines }),
      points: seed.points.map((point, index) => ({
        id: seedPointId(seed.id, index),
        content: point.content,
        context: point.context,
      })),
      resources: seed.resources.map((resource) => toResourceDefinition(seed.id, resource)),
    },
    { now: options.now },
  );
}

function toResourceDefinition(setId: string, resource: SeedResource): ResourceDefinition {
  const common = {
    id: `${setId}-${resource.key}`,
    title: resource.title,
    license: resource.license,
    source: resource.source,
    links: resource.linkedPoints.map((link) => ({
      pointIndex: link.point,
      ...(link.relevance === undefined ? {} : { relevance: link.relevance }),
    })),
  };
  switch (resource.kind) {
    case 'text':
      return { ...common, kind: 'text', mimeType: 'text/plain', content: resource.content };
    case 'image':
      return {
        ...common,
        kind: 'image',
        url: resource.url,
        mimeType: resource.mimeType,
        caption: resource.caption,
      };
  }
}
