// Engine benchmark: a scripted 20-turn session on a simulated model with a fixed latency per
// call, compared in the same run with the original's sequential pipeline (detector, then one
// evaluator call per unchecked point, then the tutor). Usage: npm run bench -- engine
import {
  type LLMAdapter,
  createMemoryStorage,
  createRecallEngine,
  defineRecallSet,
  type RecallSet,
} from '@recall/core';
import { createScriptedLLM, scriptEvaluation, type ScriptedLLM } from '@recall/core/testing';
import {
  DETECTOR_SYSTEM_PROMPT,
  buildDetectorMessages,
  detectionSchema,
} from '../packages/core/src/prompts/detector-prompt';
import {
  EVALUATOR_SYSTEM_PROMPT,
  evaluationSchema,
} from '../packages/core/src/prompts/evaluator-prompt';
import { buildEvaluatorMessages } from '../packages/core/src/prompts/turn-requests';

const TURNS = 20;
const POINTS = 5;
const MODEL_LATENCY_MS = 50;
const REPLY = 'Which molecule carries the energy that the enzyme in that membrane produces?';

function recallSet(): RecallSet {
  return defineRecallSet({
    name: 'Cell energy',
    description: 'How cells make and spend ATP.',
    points: Array.from({ length: POINTS }, (_, index) => ({
      id: `p${index + 1}`,
      content: `Point ${index + 1}: a fact about cellular respiration number ${index + 1}`,
      context: `Context for point ${index + 1}.`,
    })),
  });
}

/** The learner recalls one point every fourth turn, in both pipelines. */
function recalledAtTurn(turn: number): string | undefined {
  return turn % 4 === 0 ? `p${turn / 4}` : undefined;
}

function simulatedModel(latencyMs: number, turnOf: () => number): ScriptedLLM {
  return createScriptedLLM({
    latencyMs,
    tutor: () => REPLY,
    evaluator: (request) => {
      const pointId = recalledAtTurn(turnOf());
      const asked = request.messages[0]!.content;
      return pointId !== undefined && asked.includes(`id="${pointId}"`)
        ? scriptEvaluation({ recalled: [pointId] })
        : scriptEvaluation({});
    },
  });
}

interface TurnSample {
  ttftMs: number;
  turnMs: number;
  calls: number;
}

async function runEngine(latencyMs: number): Promise<TurnSample[]> {
  let turn = 0;
  const llm = simulatedModel(latencyMs, () => turn);
  const storage = createMemoryStorage();
  const set = recallSet();
  await storage.saveRecallSet(set);
  const engine = createRecallEngine({ storage, llm });
  const { sessionId } = await engine.startSession(set.id);
  await engine.whenIdle(sessionId);
  const samples: TurnSample[] = [];
  for (turn = 1; turn <= TURNS; turn += 1) {
    const callsBefore = llm.requests.length;
    const started = performance.now();
    const firstToken = new Promise<number>((resolve) => {
      const onDelta = () => {
        engine.off('delta', onDelta);
        resolve(performance.now());
      };
      engine.on('delta', onDelta);
    });
    await engine.sendUserMessage(sessionId, `Answer number ${turn}`);
    await engine.whenIdle(sessionId);
    const ended = performance.now();
    samples.push({
      ttftMs: (await firstToken) - started,
      turnMs: ended - started,
      calls: llm.requests.length - callsBefore,
    });
  }
  await engine.close();
  return samples;
}

/** The original pipeline: every model call awaited one after another, before the reply. */
async function runBaseline(latencyMs: number): Promise<TurnSample[]> {
  let turn = 0;
  const llm: LLMAdapter & ScriptedLLM = simulatedModel(latencyMs, () => turn);
  const set = recallSet();
  const pending = new Set(set.points.map((point) => point.id));
  const samples: TurnSample[] = [];
  for (turn = 1; turn <= TURNS; turn += 1) {
    const callsBefore = llm.requests.length;
    const started = performance.now();
    const latestMessage = `Answer number ${turn}`;
    const points = set.points
      .filter((point) => pending.has(point.id))
      .map((point) => ({ id: point.id, content: point.content }));
    await llm.generateObject({
      kind: 'detector',
      system: DETECTOR_SYSTEM_PROMPT,
      messages: buildDetectorMessages({
        recallSetName: set.name,
        recallSetDescription: set.description,
        points,
        previousTopics: [],
        conversation: [],
        latestMessage,
      }),
      schema: detectionSchema,
      schemaName: 'rabbithole_detection',
    });
    for (const point of points) {
      const { object } = await llm.generateObject({
        kind: 'evaluator',
        system: EVALUATOR_SYSTEM_PROMPT,
        messages: buildEvaluatorMessages({ points: [point], conversation: [], latestMessage }),
        schema: evaluationSchema,
        schemaName: 'evaluation',
      });
      for (const verdict of object.points) if (verdict.recalled) pending.delete(verdict.pointId);
    }
    let firstToken: number | undefined;
    for await (const part of llm.streamText({
      kind: 'tutor',
      system: 'tutor',
      messages: [{ role: 'user', content: latestMessage }],
    })) {
      if (part.type === 'text-delta' && firstToken === undefined) firstToken = performance.now();
    }
    const ended = performance.now();
    samples.push({
      ttftMs: (firstToken ?? ended) - started,
      turnMs: ended - started,
      calls: llm.requests.length - callsBefore,
    });
  }
  return samples;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 0 ? (sorted[middle - 1]! + sorted[middle]!) / 2 : sorted[middle]!;
}

function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
}

const average = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
const ms = (value: number) => `${value.toFixed(2)} ms`;

// Warm up the JIT, then measure the engine's own cost with a zero-latency model.
for (let round = 0; round < 5; round += 1) await runEngine(0);
const overhead: number[] = [];
for (let round = 0; round < 5; round += 1) {
  for (const sample of await runEngine(0)) overhead.push(sample.turnMs);
}
const engine = await runEngine(MODEL_LATENCY_MS);
const baseline = await runBaseline(MODEL_LATENCY_MS);

const engineTtft = median(engine.map((sample) => sample.ttftMs));
const baselineTtft = median(baseline.map((sample) => sample.ttftMs));
// Calls on the critical path: how many model latencies the learner waits before the first token.
const criticalPath = (samples: TurnSample[]) =>
  Math.round(median(samples.map((sample) => sample.ttftMs)) / MODEL_LATENCY_MS);
const engineOverhead = median(overhead);

const rows: Array<[string, string, string]> = [
  [
    'model calls per turn (mean)',
    average(engine.map((s) => s.calls)).toFixed(2),
    average(baseline.map((s) => s.calls)).toFixed(2),
  ],
  [
    'model calls per turn (max)',
    String(Math.max(...engine.map((s) => s.calls))),
    String(Math.max(...baseline.map((s) => s.calls))),
  ],
  [
    'calls on the critical path (target 1)',
    String(criticalPath(engine)),
    String(criticalPath(baseline)),
  ],
  ['time to first token (median)', ms(engineTtft), ms(baselineTtft)],
  [
    'time to first token (p95)',
    ms(
      percentile(
        engine.map((s) => s.ttftMs),
        0.95,
      ),
    ),
    ms(
      percentile(
        baseline.map((s) => s.ttftMs),
        0.95,
      ),
    ),
  ],
  [
    'whole turn (median)',
    ms(median(engine.map((s) => s.turnMs))),
    ms(median(baseline.map((s) => s.turnMs))),
  ],
  ['engine overhead per turn (median, target < 2 ms)', ms(engineOverhead), 'n/a'],
  ['engine overhead per turn (p95)', ms(percentile(overhead, 0.95)), 'n/a'],
];
const widths = [0, 1, 2].map((column) =>
  Math.max(
    ...[['', 'engine (concurrent)', 'baseline (sequential)'], ...rows].map(
      (row) => row[column]!.length,
    ),
  ),
);
const line = (row: readonly string[]) =>
  row
    .map((cell, column) =>
      column === 0 ? cell.padEnd(widths[0]!) : cell.padStart(widths[column]!),
    )
    .join('   ');
console.log(
  `${TURNS}-turn scripted session, ${POINTS} points, simulated model: ${MODEL_LATENCY_MS} ms per call`,
);
console.log(line(['', 'engine (concurrent)', 'baseline (sequential)']));
for (const row of rows) console.log(line(row));
console.log(
  `time-to-first-token ratio (baseline / engine): ${(baselineTtft / engineTtft).toFixed(2)}×`,
);
console.log(
  `engine overhead target < 2 ms: ${engineOverhead < 2 ? 'met' : 'NOT met'}; critical-path target 1: ${criticalPath(engine) === 1 ? 'met' : 'NOT met'}`,
);
