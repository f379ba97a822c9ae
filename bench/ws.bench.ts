// Transport benchmark of @recall/ws. Measures, side by side with bare `ws` in the same run:
//   (a) fan-out throughput: deliveries/s of small messages to 100 connected clients (the
//       clients run in a child process), twice: from an engine-like source that emits
//       pre-built events (transport only, send buffer bound raised to 512 MiB), and from a real
//       `createRecallEngine` (memory storage, offline model) driven turn by turn, through
//       `createRecallServer` with default options except the two admission limits that would
//       refuse 100 sockets of one user; each beside bare `ws` broadcasting the same payloads;
//   (b) resume latency: from a TCP cut to the client being caught up again (backoff minimum 0);
//   (c) memory per idle connected session (server in a child process with --expose-gc):
//       heap after GC and RSS, median of MEMORY_RUNS runs; RSS also with V8's young
//       generation capped, since its one-off growth during the connect burst (~32 MB per
//       process, empty after GC) otherwise shows up in RSS divided by the session count.
// Run: npm run bench -- ws
import {
  CAPPED_YOUNG_GENERATION,
  CLIENTS,
  CUTS,
  IDLE_SESSIONS,
  MEMORY_RUNS,
  MESSAGES,
} from './ws/shared';
import { fanout, runClients } from './ws/fan-out';
import { engineFanout } from './ws/engine-fan-out';
import { percentile, resumeLatency } from './ws/resume';
import { medianMemoryPerSession, runMemoryServer } from './ws/memory';

const role = process.argv[2];

// ---- main --------------------------------------------------------------------------------

async function main(): Promise<void> {
  const { recallResult, bareResult, payloadBytes } = await fanout();
  const ratio = recallResult.deliveriesPerSecond / bareResult.deliveriesPerSecond;
  const fromEngine = await engineFanout();
  const engineRatio =
    fromEngine.recallResult.deliveriesPerSecond / fromEngine.bareResult.deliveriesPerSecond;
  const { recallTimes, bareTimes } = await resumeLatency();
  const recallMemory = await medianMemoryPerSession('recall');
  const recallCapped = await medianMemoryPerSession('recall', [CAPPED_YOUNG_GENERATION]);
  const transportMemory = await medianMemoryPerSession('transport');
  const bareMemory = await medianMemoryPerSession('bare');
  const bareCapped = await medianMemoryPerSession('bare', [CAPPED_YOUNG_GENERATION]);
  const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
  const withinTarget = (bytes: number) =>
    bytes <= 50 * 1024 ? 'within the 50 KiB target' : 'ABOVE the 50 KiB target';
  const ms = (value: number) => `${value.toFixed(2)} ms`;
  const rows: Array<[string, string, string, string]> = [
    [
      `(a) fan-out, ${CLIENTS} clients × ${MESSAGES} msgs of ${payloadBytes} B`,
      `${Math.round(recallResult.deliveriesPerSecond).toLocaleString('en')} /s`,
      `${Math.round(bareResult.deliveriesPerSecond).toLocaleString('en')} /s`,
      `ratio ${ratio.toFixed(2)} (target ≥ 0.70); engine-like source, maxBufferedBytes 512 MiB`,
    ],
    [
      `(a) fan-out from the real engine, ${CLIENTS} clients × ${fromEngine.messages} msgs of ~${Math.round(fromEngine.averageBytes)} B`,
      `${Math.round(fromEngine.recallResult.deliveriesPerSecond).toLocaleString('en')} /s`,
      `${Math.round(fromEngine.bareResult.deliveriesPerSecond).toLocaleString('en')} /s`,
      `ratio ${engineRatio.toFixed(2)} (target ≥ 0.70); default server options but admission; ${fromEngine.recallResult.disconnected} slow-consumer disconnects`,
    ],
    [
      '(a) the engine alone (offline model, no sockets)',
      `${Math.round(fromEngine.engineAlonePerSecond).toLocaleString('en')} msgs/s`,
      '',
      'one session, one in-process subscriber, no server: the source rate before any fan-out',
    ],
    [
      `(b) resume after cut, p50 (${CUTS} cuts)`,
      ms(percentile(recallTimes, 0.5)),
      ms(percentile(bareTimes, 0.5)),
      'cut → caught up (5 missed events)',
    ],
    [
      `(b) resume after cut, p95`,
      ms(percentile(recallTimes, 0.95)),
      ms(percentile(bareTimes, 0.95)),
      '',
    ],
    [
      `(c) heap used per idle session, after GC (${IDLE_SESSIONS} sessions, median of ${MEMORY_RUNS})`,
      kib(recallMemory.heapPerSession),
      kib(bareMemory.heapPerSession),
      `${withinTarget(recallMemory.heapPerSession)}; real engine (offline model): state + log + feed + socket`,
    ],
    [
      '(c) RSS per idle session, DEFAULT node flags',
      kib(recallMemory.rssPerSession),
      kib(bareMemory.rssPerSession),
      `${withinTarget(recallMemory.rssPerSession)}; range ${kib(recallMemory.rssRange[0])}–${kib(recallMemory.rssRange[1])}; incl. V8 young-gen growth of the connect burst`,
    ],
    [
      `(c) RSS per idle session, ${CAPPED_YOUNG_GENERATION}`,
      kib(recallCapped.rssPerSession),
      kib(bareCapped.rssPerSession),
      `${withinTarget(recallCapped.rssPerSession)}; young gen. capped, range ${kib(recallCapped.rssRange[0])}–${kib(recallCapped.rssRange[1])}`,
    ],
    [
      '(c) heap / RSS, transport only',
      `${kib(transportMemory.heapPerSession)} / ${kib(transportMemory.rssPerSession)}`,
      '',
      'engine-like source, memory storage',
    ],
  ];
  const header: [string, string, string, string] = ['measure', '@recall/ws', 'bare ws', 'note'];
  const widths = header.map((cell, column) =>
    Math.max(cell.length, ...rows.map((row) => row[column]?.length ?? 0)),
  );
  for (const row of [header, ...rows]) {
    console.log(row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  '));
  }
}

if (role === 'clients') {
  await runClients(process.argv[3] ?? '', Number(process.argv[4]));
} else if (role === 'memory-server') {
  const kind = process.argv[3];
  await runMemoryServer(kind === 'bare' || kind === 'transport' ? kind : 'recall');
} else {
  await main();
  process.exit(0);
}
