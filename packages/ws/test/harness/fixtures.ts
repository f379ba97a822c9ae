import type { RecallSet } from '@recall/core';

/** Options for {@link makeRecallSet}. */
export interface MakeRecallSetOptions {
  id?: string;
  ownerId?: string;
  points?: number;
}

/** A small valid recall set whose points are all due now. */
export function makeRecallSet(options: MakeRecallSetOptions = {}): RecallSet {
  const id = options.id ?? 'set-1';
  const now = Date.now();
  return {
    id,
    ...(options.ownerId === undefined ? {} : { ownerId: options.ownerId }),
    name: 'Cell biology',
    description: 'Test set',
    status: 'active',
    points: Array.from({ length: options.points ?? 3 }, (_, index) => ({
      id: `${id}-point-${index}`,
      recallSetId: id,
      content: `Fact number ${index}`,
      context: `Context for fact ${index}`,
      position: index,
      // New to every learner, so due from here on.
      createdAt: now - 1_000,
      updatedAt: now,
    })),
    resources: [],
    createdAt: now,
    updatedAt: now,
  };
}
