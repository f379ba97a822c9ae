// The one model substitution of the consumer check: node --import ./stand-ins.mjs <script>.
// Before any README snippet runs, it starts the repository's two model stand-ins from the
// installed @recall/core tarball and points the environment a deployment sets at them:
//   ANTHROPIC_BASE_URL (+ a placeholder ANTHROPIC_API_KEY)  → startMessagesApiServer, which
//     createAnthropicLLM() reads; every call is answered with MESSAGES_API_REPLY;
//   OPENAI_BASE_URL                                        → startChatCompletionsServer, which
//     the AI SDK snippet passes as `baseURL`; every call is answered with its default text;
//   DEEPGRAM_API_KEY (a placeholder)                       → createDeepgramTranscription()
//     constructs; the check uploads no audio, so Deepgram is never called.
// No snippet is edited: each reads the variables as it would in production. What each stand-in
// received, and the Messages API's reply, are on globalThis.recallStandIns for the runners.
import { startMessagesApiServer } from '@recall/core/testing';
import { startChatCompletionsServer } from '@recall/core/testing/openai';

/** What the Messages API stand-in answers to every request (the session check expects it). */
const MESSAGES_API_REPLY = 'A reply from the Messages API stand-in: what do you recall?';

const messagesApi = await startMessagesApiServer({
  replies: () => ({ type: 'text', text: MESSAGES_API_REPLY }),
});
const chatCompletions = await startChatCompletionsServer();

process.env.ANTHROPIC_API_KEY = 'sk-ant-consumer-check-stand-in';
process.env.ANTHROPIC_BASE_URL = messagesApi.url;
process.env.OPENAI_BASE_URL = chatCompletions.baseURL;
process.env.DEEPGRAM_API_KEY = 'consumer-check-stand-in';

(globalThis as Record<string, unknown>).recallStandIns = {
  reply: MESSAGES_API_REPLY,
  requests: () => ({
    messagesApi: messagesApi.requests.length,
    chatCompletions: chatCompletions.requests.length,
  }),
};

// The README server closes what it opened on SIGTERM and must then exit by itself.
process.once('SIGTERM', () => {
  void messagesApi.close();
  void chatCompletions.close();
});
