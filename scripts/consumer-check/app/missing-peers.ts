// The real path of a missing optional peer, in the consumer app (which did not install it):
// node missing-peers.mjs|.cjs <peer>… — each peer's first use must fail with a RecallError,
// code PEER_DEPENDENCY_MISSING, whose message says `npm install <peer>`. Built once as ESM and
// once as CommonJS (where `import()` becomes `require`), so both loaders are exercised.

/** How to make each optional peer load; a peer without a trigger fails the check. */
const TRIGGERS: Record<string, () => Promise<unknown>> = {
  pg: async () => {
    const { createPostgresStorage } = await import('@recall/core/storage/postgres');
    return createPostgresStorage({ connectionString: 'postgres://check@127.0.0.1:9/check' });
  },
  '@electric-sql/pglite': async () => {
    const { createPGliteStorage } = await import('@recall/core/storage/pglite');
    return createPGliteStorage();
  },
  '@anthropic-ai/sdk': async () => {
    const { createAnthropicLLM } = await import('@recall/core/llm/anthropic');
    const llm = createAnthropicLLM({ apiKey: 'not-used' });
    for await (const part of llm.streamText({ kind: 'tutor', system: 'x', messages: [] })) {
      return part;
    }
  },
  ai: async () => {
    const { createAiSdkLLM } = await import('@recall/core/llm/ai-sdk');
    // Without `ai` there is no provider package either; an object shaped like a model will do.
    const llm = createAiSdkLLM({
      tutor: { specificationVersion: 'v3', provider: 'check', modelId: 'check' } as never,
    });
    for await (const part of llm.streamText({ kind: 'tutor', system: 'x', messages: [] })) {
      return part;
    }
  },
  katex: async () => {
    const { preloadKatex } = await import('@recall/react/voice/formatted-text');
    return preloadKatex();
  },
};

async function main(peers: string[]): Promise<void> {
  for (const peer of peers) {
    const trigger = TRIGGERS[peer];
    if (trigger === undefined) {
      throw new Error(
        `No trigger for the optional peer "${peer}" in scripts/consumer-check/app/missing-peers.ts.`,
      );
    }
    const error = await trigger().then(
      () => null,
      (thrown: unknown) => thrown as { code?: unknown; message?: unknown },
    );
    const ok =
      error !== null &&
      error.code === 'PEER_DEPENDENCY_MISSING' &&
      typeof error.message === 'string' &&
      error.message.includes(`npm install ${peer}`);
    if (!ok) {
      throw new Error(
        `Without "${peer}" installed, its first use should fail with PEER_DEPENDENCY_MISSING naming it; got ${error === null ? 'success' : `${String(error.code)}: ${String(error.message)}`}.`,
      );
    }
    console.log(`${peer}: ${String(error.message)}`);
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
