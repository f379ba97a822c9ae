// The optional peers at the majors this app installed (`ai` 6 or 7, `msw` 2 or 3), run against
// the repository's stand-ins instead of a model: node peer-majors.mjs. Prints one line per
// check and `PEERS OK {json}` at the end; any failure throws.
//  - createAiSdkLLM over @ai-sdk/openai-compatible against startChatCompletionsServer: an error
//    chunk inside the 200 stream before any text is retried (LLM_UNAVAILABLE, as on both majors),
//    then the answer streams; a 429 that persists ends as LLM_RATE_LIMITED.
//  - createMessagesApiHandlers under msw's setupServer: a streamed Messages API reply arrives
//    through the app's own fetch.
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LLMStreamPart } from '@recall/core';
import { createAiSdkLLM } from '@recall/core/llm/ai-sdk';
import { createMessagesApiHandlers } from '@recall/core/testing/msw';
import { startChatCompletionsServer } from '@recall/core/testing/openai';
import { setupServer } from 'msw/node';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const versionOf = (name: string): string =>
  (
    JSON.parse(readFileSync(join('node_modules', name, 'package.json'), 'utf8')) as {
      version: string;
    }
  ).version;
const versions = { ai: versionOf('ai'), msw: versionOf('msw') };

async function drain(
  parts: AsyncIterable<LLMStreamPart>,
): Promise<{ text: string; error: unknown }> {
  let text = '';
  try {
    for await (const part of parts) if (part.type === 'text-delta') text += part.text;
    return { text, error: undefined };
  } catch (error) {
    return { text, error };
  }
}

const standIn = await startChatCompletionsServer({
  replies: [
    { type: 'text', text: [], end: { type: 'error' } },
    { type: 'text', text: 'The answer, after one retry.' },
    { type: 'error', status: 429, retryAfterMs: 1 },
    { type: 'error', status: 429, retryAfterMs: 1 },
  ],
});
try {
  const provider = createOpenAICompatible({
    name: 'standin',
    baseURL: standIn.baseURL,
    apiKey: 'sk-check',
  });
  const llm = createAiSdkLLM({
    tutor: provider('tutor-model'),
    retryInitialDelayMs: 1,
    retryMaxDelayMs: 5,
    maxRetries: 1,
  });
  const call = {
    kind: 'tutor',
    system: 'You are a tutor.',
    messages: [{ role: 'user', content: 'Hi' }],
  } as const;
  const first = await drain(llm.streamText(call));
  if (first.error !== undefined || first.text !== 'The answer, after one retry.') {
    throw new Error(
      `ai ${versions.ai}: an error chunk before any text was not retried: ${String(first.error)}`,
    );
  }
  console.log(
    `ai ${versions.ai}: an error chunk inside the 200 stream is retried, then the answer streams`,
  );
  const limited = await drain(llm.streamText(call));
  const code = (limited.error as { code?: string } | undefined)?.code;
  if (code !== 'LLM_RATE_LIMITED')
    throw new Error(`ai ${versions.ai}: a persistent 429 ended as ${code}`);
  console.log(`ai ${versions.ai}: a persistent 429 ends as LLM_RATE_LIMITED`);
} finally {
  await standIn.close();
}

const api = createMessagesApiHandlers({ baseURL: 'https://api.anthropic.test' });
const server = setupServer(...api.handlers);
server.listen();
try {
  const response = await fetch('https://api.anthropic.test/v1/messages', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      model: 'claude-check',
      max_tokens: 64,
      stream: true,
      messages: [{ role: 'user', content: 'Hi' }],
    }),
  });
  const body = await response.text();
  if (response.status !== 200 || !body.includes('message_stop')) {
    throw new Error(
      `msw ${versions.msw}: the Messages API handlers answered ${response.status}: ${body.slice(0, 200)}`,
    );
  }
  console.log(`msw ${versions.msw}: the Messages API handlers stream a reply through setupServer`);
} finally {
  server.close();
}
console.log(`PEERS OK ${JSON.stringify(versions)}`);
