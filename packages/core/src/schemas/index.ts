// Public API of @recall/core/schemas: the zod schemas the types of the main entry are inferred
// from, for validating data at a boundary (a recall set from a file, a stored event). Server
// side only: browsers never need zod (the main entry and `@recall/ws` do without it).
export {
  sessionEventDataSchemas,
  sessionSummarySchema,
  tokenUsageSchema,
  agentSchema,
  SHOW_RESOURCE_SNIPPET_MAX_LENGTH,
} from '../events/catalog';
export type { SessionSummary, TokenUsage, Agent } from '../events/catalog';
export {
  sessionCommandCatalog,
  SESSION_COMMAND_TYPES,
  storableTextSchema,
} from '../commands/catalog';
export type { SessionCommandDefinition } from '../commands/catalog';
export { sessionEventSchema, eventEnvelopeSchema, contextEnvelopeSchema } from '../events/envelope';
export type { EventEnvelopeFields, ContextEnvelopeFields } from '../events/envelope';
export { parseSessionEvent } from '../events/parse-session-event';
export type { ParseSessionEventResult } from '../events/parse-session-event';
export {
  recallSetSchema,
  recallPointSchema,
  resourceSchema,
  resourceLinkSchema,
} from '../model/recall-set';
export type { ResourceLink } from '../model/recall-set';
export { pointScheduleSchema, reviewLogSchema, reviewRatingSchema } from '../model/schedule';
export type { ReviewRating } from '../model/schedule';
export { sessionSchema, sessionStatusSchema } from '../model/session';
export type { SessionStatus } from '../model/session';
