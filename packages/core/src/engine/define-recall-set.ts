import { type RecallSet, type Resource, recallSetSchema } from '../model/recall-set';

/** A point to define: `content` must be recalled; `context` helps the tutor, never shown. */
export interface RecallPointDefinition {
  content: string;
  context: string;
  /**
   * Give points stable ids when the set will be edited and saved again: learners' schedules
   * follow the point id, so a point saved under a new id is new to every learner.
   * @default a generated id
   */
  id?: string;
}

/** Links a defined resource to a point, by the point's id or its 0-based index. */
export type ResourceLinkDefinition =
  | { pointId: string; relevance?: string }
  | { pointIndex: number; relevance?: string };

type ResourceFields<K extends Resource['kind']> = Omit<
  Extract<Resource, { kind: K }>,
  'id' | 'recallSetId' | 'links'
>;

/** A text passage or image to define, with optional links to points. */
export type ResourceDefinition = (ResourceFields<'text'> | ResourceFields<'image'>) & {
  id?: string;
  links?: ResourceLinkDefinition[];
};

/** What {@link defineRecallSet} needs; everything else gets a sensible value. */
export interface RecallSetDefinition {
  name: string;
  description?: string;
  points: RecallPointDefinition[];
  resources?: ResourceDefinition[];
  supplementaryGuidelines?: string;
  ownerId?: string;
  id?: string;
}

/** Options for {@link defineRecallSet}. */
export interface DefineRecallSetOptions {
  /**
   * Creation time of the set and its points (epoch ms): a learner who has not reviewed a point
   * yet has it due from then on. @default Date.now()
   */
  now?: number;
  /** Id generator for the set, points and resources without an id. @default crypto.randomUUID */
  ids?: () => string;
}

/**
 * Builds a valid, active {@link RecallSet}. It holds content only: every learner's schedule
 * starts when they first review a point, so saving the set again (to edit it) keeps learners'
 * schedules of the points whose ids it keeps. Throws a `TypeError` for a link to an unknown
 * point and a zod error for invalid fields.
 *
 * @example
 * const recallSet = defineRecallSet({
 *   name: 'ATP',
 *   points: [{ content: 'ATP synthase makes ATP from ADP', context: 'Enzyme in the inner membrane' }],
 * });
 * await storage.saveRecallSet(recallSet);
 */
export function defineRecallSet(
  definition: RecallSetDefinition,
  options: DefineRecallSetOptions = {},
): RecallSet {
  const now = options.now ?? Date.now();
  const ids = options.ids ?? (() => crypto.randomUUID());
  const recallSetId = definition.id ?? ids();
  const points = definition.points.map((point, position) => ({
    id: point.id ?? ids(),
    recallSetId,
    content: point.content,
    context: point.context,
    position,
    createdAt: now,
    updatedAt: now,
  }));
  const resources = (definition.resources ?? []).map((resource) => {
    const { links = [], id, ...fields } = resource;
    return {
      ...fields,
      id: id ?? ids(),
      recallSetId,
      links: links.map((link) => {
        const point =
          'pointId' in link
            ? points.find((candidate) => candidate.id === link.pointId)
            : points[link.pointIndex];
        if (point === undefined) {
          throw new TypeError(
            `Resource "${resource.title}" links to an unknown point (${JSON.stringify(link)}).`,
          );
        }
        return {
          pointId: point.id,
          ...(link.relevance === undefined ? {} : { relevance: link.relevance }),
        };
      }),
    };
  });
  return recallSetSchema.parse({
    id: recallSetId,
    ...(definition.ownerId === undefined ? {} : { ownerId: definition.ownerId }),
    name: definition.name,
    description: definition.description ?? '',
    status: 'active',
    ...(definition.supplementaryGuidelines === undefined
      ? {}
      : { supplementaryGuidelines: definition.supplementaryGuidelines }),
    points,
    resources,
    createdAt: now,
    updatedAt: now,
  });
}
