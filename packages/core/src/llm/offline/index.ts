// `@recall/core/llm/offline`: the embedded, demo-grade model adapter (no key, no network).
export { createOfflineLLM } from './offline-llm';
export type { OfflineLLMOptions } from './offline-llm';
