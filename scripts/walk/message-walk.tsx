// Counts the source files one learner message visits, end to end: the browser client's
// `sendMessage`, the in-process host (the server's connection code), the engine, the log and
// back to the snapshot rendered by `@recall/react`. V8's precise coverage is reset right
// before the message is sent and read once its reply is on screen; every source file with a
// function that ran in between is on the way. Usage:
//   npm run walk [-- --max 30 --list --functions]
// `--max N` exits 1 when more than N files are visited; `--list` prints them by package;
// `--functions` prints, for each visited file of the first stop, the functions that ran and
// the share of its compiled code they span (a guide to what lies on the way and what not).
import { Session } from 'node:inspector/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Window } from 'happy-dom';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const argv = process.argv.slice(2);
const maxFlag = argv.indexOf('--max');
const max = maxFlag === -1 ? undefined : Number(argv[maxFlag + 1]);
const list = argv.includes('--list');
const showFunctions = argv.includes('--functions');

// A DOM for React before react-dom loads.
const window = new Window({ url: 'http://localhost/' });
Object.assign(globalThis, {
  window,
  document: window.document,
  HTMLElement: window.HTMLElement,
  Node: window.Node,
  requestAnimationFrame: (callback: (time: number) => void) =>
    setTimeout(() => callback(performance.now()), 0),
  cancelAnimationFrame: (handle: ReturnType<typeof setTimeout>) => clearTimeout(handle),
});

const { createMemoryStorage, createRecallEngine, defineRecallSet } = await import('@recall/core');
const { createScriptedLLM, scriptEvaluation } = await import('@recall/core/testing');
const { createRecallClient } = await import('@recall/ws');
const { createInProcessTransport } = await import('@recall/ws/testing');
const { MessageList, RecallProvider } = await import('@recall/react');
const { createElement } = await import('react');
const { createRoot } = await import('react-dom/client');

const recallSet = defineRecallSet({
  id: 'walk-set',
  name: 'Photosynthesis',
  description: 'How plants make sugar from light.',
  points: [
    { id: 'p1', content: 'Chlorophyll absorbs light energy.', context: 'In the thylakoids.' },
    { id: 'p2', content: 'Oxygen is released as a by-product.', context: 'From split water.' },
  ],
});
let tutorTurn = 0;
const llm = createScriptedLLM({
  tutor: () => `Tutor reply number ${++tutorTurn}: what else happens in the leaf?`,
  evaluator: () => scriptEvaluation({ recalled: [] }),
});
// The model waits at a gate while the first stop is read, so that stop holds the message's
// own way (store, acknowledge, show) and not the model's reply to it.
let openGate: () => void = () => {};
let gate: Promise<void> = Promise.resolve();
const model: typeof llm = {
  ...llm,
  async *streamText(options) {
    await gate;
    yield* llm.streamText(options);
  },
  async generateObject(options) {
    await gate;
    return llm.generateObject(options);
  },
};
const storage = createMemoryStorage();
await storage.saveRecallSet(recallSet);
const engine = createRecallEngine({ storage, llm: model });
const transport = createInProcessTransport({ engine });
const client = createRecallClient({
  url: transport.url,
  recallSetId: recallSet.id,
  WebSocket: transport.WebSocket,
});
const container = window.document.createElement('div');
window.document.body.appendChild(container);
createRoot(container as unknown as Element).render(
  createElement(RecallProvider, { client, throttleMs: 0 }, createElement(MessageList.Root)),
);

/** Resolves once the rendered page shows `text`. */
async function onScreen(text: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!(container.textContent ?? '').includes(text)) {
    if (Date.now() > deadline) throw new Error(`"${text}" never reached the screen.`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

// Warm up: the opening question and one whole exchange, so no first-time work is counted.
client.connect();
await onScreen('Tutor reply number 1');
client.sendMessage('Light is absorbed by the green pigment.');
await onScreen('Tutor reply number 2');
const sessionId = (await storage.listSessions())[0]?.id;
if (sessionId === undefined) throw new Error('No session was started.');
await engine.whenIdle(sessionId);

const inspector = new Session();
inspector.connect();
await inspector.post('Profiler.enable');
await inspector.post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
await inspector.post('Profiler.takePreciseCoverage'); // resets the counters

gate = new Promise((resolve) => {
  openGate = resolve;
});
const message = 'Water is split and oxygen leaves the leaf.';
client.sendMessage(message);
// First stop: the message is stored (acknowledged) and on screen as sent.
await onScreen(message);
while (client.getSnapshot().outbox > 0) await new Promise((resolve) => setTimeout(resolve, 1));
const stored = visitedFiles(
  (await inspector.post('Profiler.takePreciseCoverage')).result as ScriptCoverage[],
  showFunctions,
);
// Second stop: the tutor's reply to it is on screen.
openGate();
await onScreen('Tutor reply number 3');
await engine.whenIdle(sessionId);
const replied = visitedFiles(
  (await inspector.post('Profiler.takePreciseCoverage')).result as ScriptCoverage[],
);
await inspector.post('Profiler.stopPreciseCoverage');
inspector.disconnect();

interface CoverageRange {
  startOffset: number;
  endOffset: number;
  count: number;
}
interface ScriptCoverage {
  url: string;
  functions: Array<{ functionName: string; ranges: CoverageRange[] }>;
}

/** Repository source files with a function that ran since the last coverage read. */
function visitedFiles(scripts: ScriptCoverage[], describe = false) {
  const visited = new Set<string>();
  for (const script of scripts) {
    if (!script.url.startsWith('file://')) continue;
    const file = relative(root, fileURLToPath(script.url.split('?')[0]!));
    if (!/^packages\/[^/]+\/src\//.test(file) || /\.test\.tsx?$/.test(file)) continue;
    // The model stand-in answers for the provider; it is not on Recall's own way.
    if (file.startsWith('packages/core/src/testing/')) continue;
    if (!script.functions.some((fn) => fn.ranges[0]!.count > 0)) continue;
    visited.add(file);
    if (describe) describeFunctions(file, script);
  }
  return visited;
}

/** Prints the named functions of one file that ran, and the share of its code they span. */
function describeFunctions(file: string, script: ScriptCoverage): void {
  const whole = Math.max(...script.functions.map((fn) => fn.ranges[0]!.endOffset));
  // The module's own top-level function spans the file; leave it out of the share.
  const ran = script.functions
    .map((fn) => ({ name: fn.functionName, range: fn.ranges[0]! }))
    .filter(({ range }) => range.count > 0 && range.endOffset - range.startOffset < whole);
  let spanned = 0;
  let reached = -1;
  for (const { range } of [...ran].sort((a, b) => a.range.startOffset - b.range.startOffset)) {
    if (range.endOffset <= reached) continue;
    spanned += range.endOffset - Math.max(range.startOffset, reached);
    reached = range.endOffset;
  }
  const names = ran.map(({ name, range }) => `${name || '(anonymous)'}×${range.count}`);
  console.log(`${file}: ${Math.round((100 * spanned) / whole)}% ran — ${names.join(', ')}`);
}

client.close();
await engine.close();

/** Prints one walk: its count by package and, with `--list`, its files. */
function report(title: string, visited: ReadonlySet<string>): number {
  const files = [...visited].sort();
  const byPackage = new Map<string, number>();
  for (const file of files) {
    const name = file.split('/')[1]!;
    byPackage.set(name, (byPackage.get(name) ?? 0) + 1);
  }
  const counts = [...byPackage].map(([name, count]) => `${name} ${count}`).join(', ');
  console.log(`${title}: ${files.length} source files (${counts}).`);
  if (list) for (const file of files) console.log(`  ${file}`);
  return files.length;
}

const storedCount = report('send → stored → on screen', stored);
const wholeCount = report('send → stored → reply on screen', new Set([...stored, ...replied]));
if (max !== undefined && storedCount > max) {
  console.error(`More than ${max} files to store and show one message.`);
  process.exit(1);
}
process.exit(wholeCount > 0 ? 0 : 1);
