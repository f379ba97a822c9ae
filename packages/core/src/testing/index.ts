// A local HTTP server imitating the Messages API, for testing Anthropic integrations without a
// key. The msw handlers live on `@recall/core/testing/msw`, so this entry does not need msw.
export { startMessagesApiServer } from './msw/messages-api-server';
export type { MessagesApiServer, MessagesApiServerOptions } from './msw/messages-api-server';
export type * from './msw/messages-api-types';

// Scripted LLM adapter for deterministic engine tests
export { createScriptedLLM } from './scripted-llm';
export type {
  ScriptedLLM,
  ScriptedLLMScript,
  ScriptedRequest,
  ScriptedSource,
  ScriptedTextReply,
  ScriptedObjectReply,
} from './scripted-llm';
export { scriptEvaluation, scriptDetection } from './script-replies';
export type { ScriptEvaluationOptions, ScriptDetectionOptions } from './script-replies';

// Event fixtures built through the one envelope builder (exported here for fixtures that
// append to a storage themselves)
export { createEventContext } from '../engine/turn';
export type { EventContext, EventContextOptions } from '../engine/turn';
export { sampleEventData, buildSampleEvent } from './event-fixtures';
export { createFixtureLog } from './fixture-log';
export type { FixtureLog, FixtureLogOptions, FixtureAppendOptions } from './fixture-log';
