// Latency and request benchmark of the AI SDK adapter through the engine.
// A local Chat Completions server (the @recall/core/testing/openai stand-in) waits a fixed
// 300 ms before every first token; the adapter reaches it through @ai-sdk/openai-compatible.
// Measures, over a scripted session of 24 learner turns:
//   (a) time to first tutor token through the engine ÷ that of a bare AI SDK `streamText` call
//       on the same server (p50 and p95);
//   (b) requests per learner turn, by kind, and how many sit on the critical path before the
//       first token;
//   (c) the share of each tutor request's prompt that repeats the previous one byte for byte
//       (what automatic prefix caches read), and the cached tokens the server reported.
// Run: npm run bench -- ai-sdk
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { createMemoryStorage, createRecallEngine, defineRecallSet } from '@recall/core';
import { createAiSdkLLM } from '@recall/core/llm/ai-sdk';
import {
  type RecordedChatCompletionsRequest,
  startChatCompletionsServer,
} from '@recall/core/testing/openai';
import { streamText } from 'ai';
import { JUDGE_MODEL, kindOf, prefixShare, reply, TUTOR_MODEL } from './ai-sdk/requests';
import { type CallKind, median, percentile, row } from './llm/measure';

const FIRST_TOKEN_DELAY_MS = 300;
const LEARNER_TURNS = 24;
const BARE_CALLS = 12;

interface TurnMeasure {
  turn: number;
  ttftMs: number;
  calls: Record<CallKind, number>;
  criticalPath: number;
  prefixShare: number | undefined;
  cachedTokens: number;
}

async function bareTimeToFirstToken(baseURL: string): Promise<number[]> {
  const provider = createOpenAICompatible({ name: 'bench', baseURL, includeUsage: true });
  const samples: number[] = [];
  for (let call = 0; call < BARE_CALLS + 2; call++) {
    const started = performance.now();
    let first: number | undefined;
    const result = streamText({
      model: provider(TUTOR_MODEL),
      messages: [{ role: 'user', content: 'The mitochondrion makes energy for the cell.' }],
      maxOutputTokens: 300,
      maxRetries: 0,
    });
    for await (const part of result.fullStream) {
      if (first === undefined && part.type === 'text-delta') first = performance.now();
    }
    // The first two calls warm up the connection pool and are not counted.
    if (call >= 2 && first !== undefined) samples.push(first - started);
  }
  return samples;
}

async function engineSession(
  baseURL: string,
  requests: RecordedChatCompletionsRequest[],
): Promise<TurnMeasure[]> {
  const storage = createMemoryStorage();
  const recallSet = defineRecallSet({
    name: 'Cell biology',
    description: 'Organelles and what they do.',
    points: [
      {
        content: 'Mitochondria produce ATP by oxidative phosphorylation',
        context: 'Inner membrane',
      },
      {
        content: 'Ribosomes translate mRNA into protein',
        context: 'Free or bound to the rough ER',
      },
      { content: 'The Golgi apparatus modifies and packages proteins', context: 'Cis to trans' },
      { content: 'Lysosomes digest waste with hydrolytic enzymes', context: 'Acidic interior' },
      { content: 'The nucleus stores DNA and controls gene expression', context: 'Nuclear pores' },
      { content: 'Chloroplasts run photosynthesis in plant cells', context: 'Thylakoids' },
    ],
  });
  await storage.saveRecallSet(recallSet);
  const provider = createOpenAICompatible({
    name: 'bench',
    baseURL,
    includeUsage: true,
    supportsStructuredOutputs: true,
  });
  const llm = createAiSdkLLM({ tutor: provider(TUTOR_MODEL), judge: provider(JUDGE_MODEL) });
  const engine = createRecallEngine({ storage, llm });
  const { sessionId } = await engine.startSession(recallSet.id);
  await engine.whenIdle(sessionId);

  let firstDelta: number | undefined;
  let onFirstDelta: (() => void) | undefined;
  engine.on('delta', (delta) => {
    if (delta.sessionId !== sessionId || firstDelta !== undefined) return;
    firstDelta = performance.now();
    onFirstDelta?.();
  });
  const errors: string[] = [];
  engine.on('error', ({ error }) => errors.push(`${error.code}: ${error.message}`));
  let cachedTokens = 0;
  engine.on('event', (event) => {
    if (event.type === 'assistant_message') cachedTokens = event.data.usage?.cacheReadTokens ?? 0;
  });

  const measures: TurnMeasure[] = [];
  let previousTutor = requests.filter((request) => kindOf(request) === 'tutor').at(-1);
  for (let turn = 1; turn <= LEARNER_TURNS; turn++) {
    const before = requests.length;
    firstDelta = undefined;
    const delta = new Promise<void>((resolve) => {
      onFirstDelta = resolve;
    });
    const started = performance.now();
    await engine.sendUserMessage(
      sessionId,
      `Turn ${turn}: I think the mitochondrion is where the cell makes energy, maybe ATP?`,
    );
    await delta;
    const ttftMs = firstDelta! - started;
    await engine.whenIdle(sessionId);
    const turnRequests = requests.slice(before);
    const calls: Record<CallKind, number> = { tutor: 0, evaluator: 0, detector: 0, other: 0 };
    for (const request of turnRequests) calls[kindOf(request)]++;
    const tutor = turnRequests.find((request) => kindOf(request) === 'tutor');
    // A call is on the critical path when the tutor request was sent only after it finished.
    const waitedFor = turnRequests.filter(
      (request) =>
        request !== tutor &&
        tutor !== undefined &&
        request.completedAt !== undefined &&
        request.completedAt <= tutor.receivedAt,
    ).length;
    measures.push({
      turn,
      ttftMs,
      calls,
      criticalPath: (tutor === undefined ? 0 : 1) + waitedFor,
      prefixShare:
        tutor !== undefined && previousTutor !== undefined
          ? prefixShare(previousTutor, tutor)
          : undefined,
      cachedTokens,
    });
    if (tutor !== undefined) previousTutor = tutor;
  }
  await engine.close();
  if (errors.length > 0) console.log(`Engine errors during the session:\n  ${errors.join('\n  ')}`);
  return measures;
}

async function main(): Promise<void> {
  const server = await startChatCompletionsServer({
    replies: reply,
    firstTokenDelayMs: FIRST_TOKEN_DELAY_MS,
    chunkDelayMs: 2,
  });
  try {
    const bare = await bareTimeToFirstToken(server.baseURL);
    const measures = await engineSession(server.baseURL, server.requests);

    const engineTtft = measures.map((measure) => measure.ttftMs);
    const ratio = median(engineTtft) / median(bare);
    const ratioP95 = percentile(engineTtft, 0.95) / percentile(bare, 0.95);
    const perTurn = measures.map((measure) =>
      Object.values(measure.calls).reduce((a, b) => a + b, 0),
    );
    const meanRequests = perTurn.reduce((a, b) => a + b, 0) / measures.length;
    const kinds = (['tutor', 'evaluator', 'detector', 'other'] as const)
      .map(
        (kind) =>
          `${kind} ${(measures.reduce((sum, measure) => sum + measure.calls[kind], 0) / measures.length).toFixed(2)}`,
      )
      .join(', ');
    const maxCritical = Math.max(...measures.map((measure) => measure.criticalPath));
    const shares = measures
      .filter((measure) => measure.turn >= 3 && measure.prefixShare !== undefined)
      .map((measure) => measure.prefixShare!);
    const minShare = Math.min(...shares);

    console.log(
      `Local Chat Completions server via @ai-sdk/openai-compatible, ${FIRST_TOKEN_DELAY_MS} ms before every first token; ${LEARNER_TURNS} learner turns; ${bare.length} bare streamText calls.\n`,
    );
    const widths = [58, 62, 8, 4];
    console.log(row(['metric', 'measured', 'target', 'ok'], widths));
    console.log(row(['-'.repeat(58), '-'.repeat(62), '-'.repeat(8), '--'], widths));
    const lines: [string, string, string, boolean | undefined][] = [
      [
        '(a) first tutor token: engine p50 ÷ bare streamText p50',
        `${ratio.toFixed(3)} (${median(engineTtft).toFixed(1)} / ${median(bare).toFixed(1)} ms)`,
        '≤ 1.10',
        ratio <= 1.1,
      ],
      [
        '    same at p95',
        `${ratioP95.toFixed(3)} (${percentile(engineTtft, 0.95).toFixed(1)} / ${percentile(bare, 0.95).toFixed(1)} ms)`,
        '—',
        undefined,
      ],
      [
        '(b) requests per learner turn (mean)',
        `${meanRequests.toFixed(2)} (${kinds})`,
        '—',
        undefined,
      ],
      [
        '    requests on the critical path before the first token',
        `${maxCritical} (max)`,
        '1',
        maxCritical === 1,
      ],
      [
        '(c) byte-identical prompt prefix share, turns ≥ 3 (min)',
        minShare.toFixed(3),
        '—',
        undefined,
      ],
    ];
    for (const [metric, measured, target, ok] of lines) {
      console.log(
        row([metric, measured, target, ok === undefined ? '' : ok ? 'yes' : 'NO'], widths),
      );
    }
    console.log('\nPer turn:');
    const turnWidths = [5, 9, 26, 9, 13, 14];
    console.log(
      row(
        [
          'turn',
          'ttft ms',
          'calls (tutor/eval/detect)',
          'critical',
          'prefix share',
          'cached tokens',
        ],
        turnWidths,
      ),
    );
    for (const measure of measures) {
      console.log(
        row(
          [
            `${measure.turn}`,
            measure.ttftMs.toFixed(1),
            `${measure.calls.tutor}/${measure.calls.evaluator}/${measure.calls.detector}${measure.calls.other ? ` +${measure.calls.other}` : ''}`,
            `${measure.criticalPath}`,
            measure.prefixShare === undefined ? '—' : measure.prefixShare.toFixed(3),
            `${measure.cachedTokens}`,
          ],
          turnWidths,
        ),
      );
    }
  } finally {
    await server.close();
  }
}

await main();
