// Load generator (a child process of scale.bench.ts): N learners on raw `ws` sockets speaking
// wire v2 (subprotocol `recall.v2`), each its own user. Phase 1 connects them (bounded concurrency) and waits for each greeting; then
// it prints `started {…}` and waits for `go` on stdin. Phase 2: each learner sends a message
// at a random moment in its first think time, waits for the reply to end, thinks
// THINK_MS ± THINK_JITTER_MS, and sends again, for `turns` messages. Prints `finished {…}`
// and writes every learner's received seqs to `seqFile` for the server to check. Every wait
// has a deadline.
import { writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { WebSocket } from 'ws';
import { connections, type Learner, type LoadSpec, summarize, type Turn } from './learners';
import { RECALL_SET_ID, THINK_JITTER_MS, THINK_MS } from './model';
import { BENCH_PROTOCOL, type Frame, parseFrame } from './wire';

export type { LoadSpec } from './learners';

const now = () => performance.now();
const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

function onFrame(learner: Learner, frame: Frame, at: number): void {
  learner.frames += 1;
  const turn = learner.turns.at(-1);
  switch (frame.kind) {
    case 'event':
      learner.seqs.push(frame.seq);
      learner.eventTimes.push(at);
      if (frame.event === 'session_started') {
        learner.sessionId ??= frame.sessionId;
        learner.sessionStartMs ??= at;
      }
      if (frame.event === 'assistant_streaming_end') {
        if (!learner.greeted) learner.greeted = true;
        else if (turn !== undefined && turn.endedAt === undefined) {
          turn.endedAt = at;
          turn.firstChunkAt ??= at;
        }
      }
      break;
    case 'chunk':
      if (turn !== undefined && turn.endedAt === undefined) {
        turn.firstChunkAt ??= at;
        turn.chunks += 1;
      }
      break;
    case 'error':
      if (turn !== undefined && frame.clientMessageId === `m${learner.turns.length}`) {
        turn.refused = frame.code;
      }
      break;
    case 'ack':
    case 'other':
      break;
  }
  learner.onChange?.();
}

/** Resolves once `done()` holds, or false at the deadline. */
async function waitFor(learner: Learner, done: () => boolean, deadline: number): Promise<boolean> {
  while (!done()) {
    const left = deadline - now();
    if (left <= 0 || learner.closedEarly) return done();
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, left);
      learner.onChange = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    learner.onChange = undefined;
  }
  return true;
}

async function connect(spec: LoadSpec, learner: Learner): Promise<void> {
  const port = spec.ports[learner.index % spec.ports.length]!;
  const url = `ws://127.0.0.1:${port}/ws?recallSetId=${RECALL_SET_ID}&token=learner-${learner.index}`;
  const startedAt = now();
  const socket = new WebSocket(url, BENCH_PROTOCOL, { perMessageDeflate: false });
  learner.socket = socket;
  socket.on('message', (data) => onFrame(learner, parseFrame(String(data)), now()));
  socket.on('error', () => {});
  socket.on('unexpected-response', (_request, response) => {
    learner.refusedWith ??= `HTTP ${response.statusCode}`;
    socket.terminate();
  });
  let gaveUp = false;
  socket.on('close', (code) => {
    // Our own terminate at the deadline is a timeout, not a refusal.
    if (!learner.greeted && !gaveUp) learner.refusedWith ??= `close ${code}`;
    learner.closedEarly = true;
    learner.onChange?.();
  });
  const greeted = await waitFor(learner, () => learner.greeted, startedAt + spec.connectTimeoutMs);
  if (learner.sessionStartMs !== undefined) learner.sessionStartMs -= startedAt;
  if (!greeted) {
    gaveUp = true;
    socket.terminate();
  } else if (spec.observe === true && learner.sessionId !== undefined) await observe(spec, learner);
}

/** Watches the learner's session from the next server, from seq 0; resolves once attached. */
async function observe(spec: LoadSpec, learner: Learner): Promise<void> {
  const port = spec.ports[(learner.index + 1) % spec.ports.length]!;
  const url = `ws://127.0.0.1:${port}/ws?sessionId=${learner.sessionId}&afterSeq=0&token=learner-${learner.index}`;
  const socket = new WebSocket(url, BENCH_PROTOCOL, { perMessageDeflate: false });
  const observer = { socket, seqs: [] as number[] };
  learner.observer = observer;
  socket.on('message', (data) => {
    const frame = parseFrame(String(data));
    if (frame.kind === 'event') observer.seqs.push(frame.seq);
  });
  socket.on('error', () => {});
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, spec.connectTimeoutMs);
    socket.once('open', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

async function talk(spec: LoadSpec, learner: Learner): Promise<void> {
  await sleep(Math.random() * (THINK_MS + THINK_JITTER_MS));
  for (let number = 1; number <= spec.turns && !learner.closedEarly; number += 1) {
    const turn: Turn = {
      sentAt: now(),
      firstChunkAt: undefined,
      chunks: 0,
      endedAt: undefined,
      refused: undefined,
    };
    learner.turns.push(turn);
    learner.socket!.send(
      JSON.stringify({
        type: 'user_message',
        content: `answer ${number}`,
        clientMessageId: `m${number}`,
      }),
    );
    await waitFor(
      learner,
      () => turn.endedAt !== undefined || turn.refused !== undefined,
      turn.sentAt + spec.turnTimeoutMs,
    );
    if (number < spec.turns) {
      await sleep(THINK_MS - THINK_JITTER_MS + Math.random() * 2 * THINK_JITTER_MS);
    }
  }
}

async function main(): Promise<void> {
  const spec = JSON.parse(process.argv[2] ?? '{}') as LoadSpec;
  const learners: Learner[] = Array.from({ length: spec.learners }, (_, index) => ({
    index,
    socket: undefined,
    observer: undefined,
    sessionId: undefined,
    seqs: [],
    eventTimes: [],
    frames: 0,
    sessionStartMs: undefined,
    turns: [],
    closedEarly: false,
    onChange: undefined,
    greeted: false,
    refusedWith: undefined,
  }));
  if (spec.connectRatePerSecond !== undefined) return classStart(spec, learners);
  let next = 0;
  const connectStarted = now();
  await Promise.all(
    Array.from({ length: Math.min(spec.connectConcurrency, learners.length) }, async () => {
      while (next < learners.length) await connect(spec, learners[next++]!);
    }),
  );
  const greeted = learners.filter((learner) => learner.greeted);
  process.stdout.write(
    `started ${JSON.stringify({ ...connections(learners), seconds: (now() - connectStarted) / 1000 })}\n`,
  );
  const lines = createInterface({ input: process.stdin })[Symbol.asyncIterator]();
  // `go`; a closed stdin means the parent went away.
  if ((await lines.next()).done) process.exit(1);
  const framesAtStart = learners.reduce((sum, learner) => sum + learner.frames, 0);
  await Promise.all(greeted.map((learner) => talk(spec, learner)));
  await finish(spec, learners, summarize(spec, greeted, framesAtStart), lines);
}

/** Writes every learner's seqs, prints `finished {…}`, and exits on the parent's next line. */
async function finish(
  spec: LoadSpec,
  learners: readonly Learner[],
  summary: object,
  lines: AsyncIterator<string>,
): Promise<void> {
  // Frames still in flight (a reply's last events) arrive within a moment.
  await sleep(500);
  writeFileSync(
    spec.seqFile,
    JSON.stringify(
      learners.flatMap((learner) => {
        const { sessionId, observer } = learner;
        if (sessionId === undefined) return [];
        return [
          { sessionId, seqs: learner.seqs },
          ...(observer === undefined ? [] : [{ sessionId, seqs: observer.seqs }]),
        ];
      }),
    ),
  );
  process.stdout.write(`finished ${JSON.stringify(summary)}\n`);
  for (const learner of learners) {
    learner.socket?.terminate();
    learner.observer?.socket.terminate();
  }
  await lines.next();
  process.exit(0);
}

/**
 * The class start: on `go`, learner i connects at i / rate seconds and talks once greeted, so
 * the class's connects overlap its first turns (a class opening one set at once).
 */
async function classStart(spec: LoadSpec, learners: Learner[]): Promise<void> {
  process.stdout.write(`started ${JSON.stringify({ greeted: 0, seconds: 0 })}\n`);
  const lines = createInterface({ input: process.stdin })[Symbol.asyncIterator]();
  if ((await lines.next()).done) process.exit(1);
  const startedAt = now();
  const intervalMs = 1000 / spec.connectRatePerSecond!;
  await Promise.all(
    learners.map(async (learner) => {
      await sleep(Math.max(0, startedAt + learner.index * intervalMs - now()));
      await connect(spec, learner);
      if (learner.greeted) await talk(spec, learner);
    }),
  );
  const greeted = learners.filter((learner) => learner.greeted);
  await finish(
    spec,
    learners,
    {
      ...summarize(spec, greeted, 0),
      ...connections(learners),
      connectSeconds: (learners.length - 1) / spec.connectRatePerSecond!,
    },
    lines,
  );
}

await main();
