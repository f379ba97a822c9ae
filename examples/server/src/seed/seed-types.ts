/**
 * The hand-written shape of a demo recall set. It is turned into the SDK's `RecallSet` by
 * `buildRecallSet`, which adds ids and timestamps. Schedules are per learner and start when a
 * learner first reviews a point.
 */
export interface SeedRecallSet {
  /** Stable id, so restarting the server never duplicates a set. */
  id: string;
  name: string;
  description: string;
  supplementaryGuidelines?: string;
  points: readonly SeedPoint[];
  resources: readonly SeedResource[];
}

/** One recall point: `content` is what the learner must recall, `context` only helps the tutor. */
export interface SeedPoint {
  content: string;
  context: string;
}

interface SeedResourceBase {
  /** Unique within the set; the stored id is `${setId}-${key}`. */
  key: string;
  title: string;
  license: string;
  source: string;
  /** Indexes into `points` of the points this resource supports. */
  linkedPoints: readonly { point: number; relevance?: string }[];
}

/** A text passage or an image served by the demo server under `/media/`. */
export type SeedResource =
  | (SeedResourceBase & { kind: 'text'; content: string })
  | (SeedResourceBase & { kind: 'image'; url: string; mimeType: string; caption: string });
