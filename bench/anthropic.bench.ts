// Latency and prompt-cache benchmark of the Anthropic adapter through the engine.
// A local Messages API server waits a fixed 300 ms before every first token. Measures, over a
// scripted session of 24 learner turns:
//   (a) time to first tutor token through the engine ÷ that of one bare SDK streaming call;
//   (b) the share of each tutor request's prompt bytes that are a byte-identical cacheable
//       prefix of the previous tutor request (up to that request's last cache breakpoint);
//   (c) LLM calls per learner turn, and how many sit on the critical path before the first token.
// Run: npm run bench -- anthropic
import Anthropic from '@anthropic-ai/sdk';
import { createMemoryStorage, createRecallEngine, defineRecallSet } from '@recall/core';
import { ANTHROPIC_DEFAULT_TUTOR_MODEL, createAnthropicLLM } from '@recall/core/llm/anthropic';
import { type RecordedMessagesRequest, startMessagesApiServer } from '@recall/core/testing';
import { kindOf, measurePrefix, type PrefixMeasure, reply } from './anthropic/requests';
import { type CallKind, median, percentile, row } from './llm/measure';

const FIRST_TOKEN_DELAY_MS = 300;
const LEARNER_TURNS = 24;
const BARE_CALLS = 12;

interface TurnMeasure {
  turn: number;
  ttftMs: number;
  calls: Record<CallKind, number>;
  criticalPath: number;
  prefix: PrefixMeasure | undefined;
}
async function bareTimeToFirstToken(baseURL: string): Promise<number[]> {
  const client = new Anthropic({ apiKey: 'bench', baseURL, maxRetries: 0 });
  const samples: number[] = [];
  for (let call = 0; call < BARE_CALLS + 2; call++) {
    const started = performance.now();
    let first: number | undefined;
    const stream = await client.messages.create({
      model: ANTHROPIC_DEFAULT_TUTOR_MODEL,
      max_tokens: 300,
      messages: [{ role: 'user', content: 'The mitochondrion makes energy for the cell.' }],
      stream: true,
    });
    for await (const event of stream) {
      if (first === undefined && event.type === 'content_block_delta') first = performance.now();
    }
    // The first two calls warm up the connection pool and are not counted.
    if (call >= 2 && first !== undefined) samples.push(first - started);
  }
  return samples;
}

async function engineSession(
  baseURL: string,
  requests: RecordedMessagesRequest[],
): Promise<TurnMeasure[]> {
  const storage = createMemoryStorage();
  const recallSet = defineRecallSet({
    name: 'Cell biology',
    description: 'Organelles and what they do.',
    points: [
      {
        content: 'Mitochondria produce ATP by oxidative phosphorylation',
        context: 'Inner membrane, electron transport chain',
      },
      {
        content: 'Ribosomes translate mRNA into protein',
        context: 'Free or bound to the rough ER',
      },
      {
        content: 'The Golgi apparatus modifies and packages proteins',
        context: 'Cis to trans face; vesicles',
      },
      {
        content: 'Lysosomes digest waste with hydrolytic enzymes',
        context: 'Acidic interior, pH about 5',
      },
      {
        content: 'The nucleus stores DNA and controls gene expression',
        context: 'Nuclear envelope with pores',
      },
      {
        content: 'Chloroplasts run photosynthesis in plant cells',
        context: 'Thylakoids and stroma',
      },
    ],
  });
  await storage.saveRecallSet(recallSet);
  const llm = createAnthropicLLM({ apiKey: 'bench', baseURL });
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

  const measures: TurnMeasure[] = [];
  let previousTutorBody = requests.filter((request) => kindOf(request) === 'tutor').at(-1)?.rawBody;
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
    const prefix =
      tutor !== undefined && previousTutorBody !== undefined
        ? measurePrefix(previousTutorBody, tutor.rawBody)
        : undefined;
    if (tutor !== undefined) previousTutorBody = tutor.rawBody;
    measures.push({
      turn,
      ttftMs,
      calls,
      criticalPath: (tutor === undefined ? 0 : 1) + waitedFor,
      prefix,
    });
  }
  await engine.close();
  if (errors.length > 0) console.log(`Engine errors during the session:\n  ${errors.join('\n  ')}`);
  return measures;
}

async function main(): Promise<void> {
  const server = await startMessagesApiServer({
    replies: reply,
    firstTokenDelayMs: FIRST_TOKEN_DELAY_MS,
    chunkDelayMs: 2,
  });
  try {
    const bare = await bareTimeToFirstToken(server.url);
    const measures = await engineSession(server.url, server.requests);

    const engineTtft = measures.map((measure) => measure.ttftMs);
    const ratio = median(engineTtft) / median(bare);
    const ratioP95 = percentile(engineTtft, 0.95) / percentile(bare, 0.95);
    const shares = measures
      .filter((measure) => measure.turn >= 3 && measure.prefix !== undefined)
      .map((measure) => measure.prefix!.share);
    const minShare = Math.min(...shares);
    const meanShare = shares.reduce((sum, share) => sum + share, 0) / shares.length;
    const callsPerTurn = measures.map((measure) =>
      Object.values(measure.calls).reduce((a, b) => a + b, 0),
    );
    const meanCalls = callsPerTurn.reduce((a, b) => a + b, 0) / measures.length;
    const kinds = (['tutor', 'evaluator', 'detector', 'other'] as const)
      .map(
        (kind) =>
          `${kind} ${(measures.reduce((sum, measure) => sum + measure.calls[kind], 0) / measures.length).toFixed(2)}`,
      )
      .join(', ');
    const maxCritical = Math.max(...measures.map((measure) => measure.criticalPath));

    console.log(
      `Local Messages API server, ${FIRST_TOKEN_DELAY_MS} ms before every first token; ${LEARNER_TURNS} learner turns; ${bare.length} bare SDK calls.\n`,
    );
    const widths = [58, 34, 10, 4];
    console.log(row(['metric', 'measured', 'target', 'ok'], widths));
    console.log(row(['-'.repeat(58), '-'.repeat(34), '-'.repeat(10), '--'], widths));
    const lines: [string, string, string, boolean | undefined][] = [
      [
        '(a) first tutor token: engine p50 ÷ bare SDK p50',
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
        '(b) cacheable byte-identical prefix share, turns ≥ 3 (min)',
        `${minShare.toFixed(3)} (mean ${meanShare.toFixed(3)})`,
        '≥ 0.85',
        minShare >= 0.85,
      ],
      [
        '(c) LLM calls per learner turn (mean)',
        `${meanCalls.toFixed(2)} (${kinds})`,
        '—',
        undefined,
      ],
      [
        '    calls on the critical path before the first token (max)',
        `${maxCritical}`,
        '1',
        maxCritical === 1,
      ],
    ];
    for (const [metric, measured, target, ok] of lines) {
      console.log(
        row([metric, measured, target, ok === undefined ? '' : ok ? 'yes' : 'NO'], widths),
      );
    }

    console.log(
      '\nPer turn (prompt bytes = model + system + messages; uncached = last exchange + final per-turn message):',
    );
    const turnWidths = [5, 9, 26, 9, 13, 13, 26];
    console.log(
      row(
        [
          'turn',
          'ttft ms',
          'calls (tutor/eval/detect)',
          'critical',
          'prefix share',
          'prompt bytes',
          'uncached: exchange + final',
        ],
        turnWidths,
      ),
    );
    for (const measure of measures) {
      const { prefix } = measure;
      console.log(
        row(
          [
            `${measure.turn}`,
            measure.ttftMs.toFixed(1),
            `${measure.calls.tutor}/${measure.calls.evaluator}/${measure.calls.detector}${measure.calls.other ? ` +${measure.calls.other}` : ''}`,
            `${measure.criticalPath}`,
            prefix === undefined ? '—' : prefix.share.toFixed(3),
            prefix === undefined ? '—' : `${prefix.promptBytes}`,
            prefix === undefined ? '—' : `${prefix.exchangeBytes} + ${prefix.finalMessageBytes}`,
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
