// Runs createAiSdkLLM in a process where `ai` cannot be found, as in an app that never
// installed it: a resolve hook answers every `ai` import the way Node does for a missing
// package. Prints the error the first call ends with, as JSON.
import { register } from 'node:module';

const hooks = `
export async function resolve(specifier, context, next) {
  if (specifier === 'ai' || specifier.startsWith('ai/')) {
    const error = new Error("Cannot find package '" + specifier + "' imported from " + context.parentURL);
    error.code = 'ERR_MODULE_NOT_FOUND';
    throw error;
  }
  return next(specifier, context);
}`;
register(`data:text/javascript,${encodeURIComponent(hooks)}`);

const { createAiSdkLLM } = await import('@recall/core/llm/ai-sdk');
// Without `ai` there is no provider package either; any object shaped like a model will do.
const llm = createAiSdkLLM({
  tutor: { specificationVersion: 'v3', provider: 'none', modelId: 'none' } as never,
});
try {
  for await (const _part of llm.streamText({
    kind: 'tutor',
    system: 'x',
    messages: [{ role: 'user', content: 'hello' }],
  })) {
    break;
  }
  console.log(JSON.stringify({ ok: true }));
} catch (error) {
  const { code, message } = error as { code?: unknown; message?: unknown };
  console.log(JSON.stringify({ code, message }));
}
