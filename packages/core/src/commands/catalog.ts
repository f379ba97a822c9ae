import * as z from 'zod';
import { isStorableText, isVisibleText } from '../text/storable-text';

/** Text every storage holds the same way: no NUL character, no unpaired UTF-16 surrogate. */
export const storableTextSchema = z.string().refine(isStorableText, {
  message: 'Must not contain a NUL character (U+0000) or an unpaired UTF-16 surrogate.',
});

/** Storable text that shows something (not only whitespace or invisible marks). */
const visibleText = storableTextSchema
  .regex(/\S/, { message: 'Must contain a non-whitespace character', abort: true })
  .refine(isVisibleText, { message: 'Must contain a visible character' });

/** One entry of {@link sessionCommandCatalog}. */
export interface SessionCommandDefinition {
  /** What the command means; it describes the command's message in the protocol's schema. */
  readonly description: string;
  /** The command's fields besides `type` and `clientMessageId`: text, each with its rules. */
  readonly fields: Readonly<Record<string, z.ZodType<string>>>;
  /**
   * The command answers the pending rabbit-hole prompt, so a client shows the prompt as
   * answered while the command is on its way (a `rabbitholeEventId` field must match it).
   * @default false
   */
  readonly answersRabbitholePrompt?: boolean;
}

/**
 * The session commands: every command a learner (or a client on their behalf) can give a
 * session, mapped to its definition. It is the single source of truth: the command union, the
 * engine's handler map (`RecallEngine.dispatch`), the wire schemas of `@recall/ws` and the
 * browser client's command tables are all derived from it. See "Adding a command" in the
 * design notes.
 */
export const sessionCommandCatalog = {
  user_message: {
    description: 'The learner says something.',
    fields: { content: visibleText.meta({ description: "The learner's text" }) },
  },
  leave_session: {
    description: 'The learner leaves; the session is paused (or completed).',
    fields: {},
  },
  enter_rabbithole: {
    description: 'The learner accepts the pending rabbit-hole prompt.',
    fields: { rabbitholeEventId: storableTextSchema.min(1), topic: storableTextSchema.min(1) },
    answersRabbitholePrompt: true,
  },
  exit_rabbithole: {
    description: 'The learner returns from the rabbit hole to the session.',
    fields: {},
  },
  decline_rabbithole: {
    description: 'The learner declines the pending rabbit-hole prompt.',
    fields: {},
    answersRabbitholePrompt: true,
  },
  dismiss_overlay: {
    description: 'The learner closes the completion overlay and keeps talking.',
    fields: {},
  },
} as const satisfies Record<string, SessionCommandDefinition>;

/** One of the session command type names, e.g. `'user_message'`. */
export type SessionCommandType = keyof typeof sessionCommandCatalog;

/** Every session command type, in catalog order: the keys of {@link sessionCommandCatalog}. */
export const SESSION_COMMAND_TYPES = /* @__PURE__ */ Object.freeze(
  Object.keys(sessionCommandCatalog),
) as readonly SessionCommandType[];

/** Options shared by every session command. */
export interface CommandOptions {
  /** A client-chosen id; repeating it resolves with `duplicate` and processes nothing. */
  clientMessageId?: string | undefined;
}

type CommandFields<T extends SessionCommandType> = (typeof sessionCommandCatalog)[T]['fields'];

/**
 * The session command of type `T`: its `type`, its fields and an optional `clientMessageId`
 * (exactly the shape of its wire message).
 */
export type SessionCommandOf<T extends SessionCommandType> = { type: T } & {
  -readonly [K in keyof CommandFields<T>]: z.output<CommandFields<T>[K]>;
} & CommandOptions;

/** Any session command: a discriminated union on `type`. */
export type SessionCommand = { [T in SessionCommandType]: SessionCommandOf<T> }[SessionCommandType];

/** How a command was taken: `duplicate` when its `clientMessageId` was already processed. */
export interface CommandResult {
  status: 'accepted' | 'duplicate';
  sessionId: string;
  /**
   * The seq of the last event the command appended; for a `duplicate`, the seq of the first
   * event the original command stored (its `user_message`, or its first `commandId` event).
   */
  lastSeq: number;
}

/** Options for {@link SessionCommandMethods.enterRabbithole}. */
export type EnterRabbitholeOptions = Omit<SessionCommandOf<'enter_rabbithole'>, 'type'>;

/**
 * The engine's named methods, one per command: each is `dispatch(sessionId, command)` with
 * the command spelled out. A command needs no named method; these are kept for callers.
 */
export interface SessionCommandMethods {
  /**
   * Resolves once the message is durably stored; the reply streams in the background.
   * Rejects with SESSION_NOT_FOUND or SESSION_ENDED (also for a paused session).
   */
  sendUserMessage(
    sessionId: string,
    content: string,
    options?: CommandOptions,
  ): Promise<CommandResult>;
  /** Pauses the session, or completes it with a summary when every point is recalled. */
  leaveSession(sessionId: string, options?: CommandOptions): Promise<CommandResult>;
  /** Acknowledges the completion overlay; changes nothing (the overlay is a client concern). */
  dismissOverlay(sessionId: string, options?: CommandOptions): Promise<CommandResult>;
  /** Opens the pending rabbit hole. Rejects with RABBITHOLE_NOT_PENDING / RABBITHOLE_ALREADY_ACTIVE. */
  enterRabbithole(sessionId: string, options: EnterRabbitholeOptions): Promise<CommandResult>;
  /** Closes the open rabbit hole. Rejects with NOT_IN_RABBITHOLE. */
  exitRabbithole(sessionId: string, options?: CommandOptions): Promise<CommandResult>;
  /** Declines the pending rabbit-hole prompt. Rejects with RABBITHOLE_NOT_PENDING. */
  declineRabbithole(sessionId: string, options?: CommandOptions): Promise<CommandResult>;
}
