// Runs the snippets of one README in the consumer app, in order, in one Node process (so a
// client snippet reaches the server snippet before it), as the check builds them:
// node --import ./stand-ins.mjs run-readme.mjs <manifest.json>. After each module evaluates:
//  - each function the snippet exports is exercised (EXERCISES below; a React component, by
//    its capitalised name, is rendered on the server inside a RecallProvider whose client is
//    createTestSession's: Node, no DOM);
//  - each top-level value shaped like a RecallClient must reach status `active`, and each one
//    shaped like an LLMAdapter must stream a reply (from the stand-ins, see stand-ins.ts).
// Host-app names a snippet declares get stand-ins (HOST_STAND_INS); a fixed port becomes a free
// one, and a WebSocket URL naming that port reaches the first server that asked for it;
// `location` is a page's on http://localhost:8787. Prints `RAN {json}`; any failure, uncaught
// exception or unhandled rejection exits 1.
import {
  createMemoryStorage,
  createRecallEngine,
  defineRecallSet,
  toRecallError,
} from '@recall/core';
import { createOfflineLLM } from '@recall/core/llm/offline';
import { exportSessionLog } from '@recall/core/storage/log';
import { readFileSync } from 'node:fs';
import { type IncomingMessage, Server, type ServerResponse } from 'node:http';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

interface ManifestEntry {
  label: string;
  file: string;
  hostNames: string[];
  ownExports: string[];
}

const HOST_STAND_INS: Record<string, () => unknown> = {
  app: () => (_request: IncomingMessage, response: ServerResponse) => response.end('the host app'),
  verifySessionCookie: () => async () => 'learner-1',
  authenticate: () => async () => ({ userId: 'learner-1' }),
  storage: () => createMemoryStorage(),
  llm: () => createOfflineLLM({ chunkDelayMs: 0 }),
};

const failures: unknown[] = [];
process.on('uncaughtException', (error) => failures.push(error));
process.on('unhandledRejection', (error) => failures.push(error));

// Fixed ports become free ones; the first server to ask for a port answers its URLs.
const portOf = new Map<number, Server>();
const listen = Server.prototype.listen;
Server.prototype.listen = function listenOnFreePort(this: Server, ...args: unknown[]) {
  if (typeof args[0] === 'number' && args[0] !== 0) {
    if (!portOf.has(args[0])) portOf.set(args[0], this);
    args[0] = 0;
  }
  return Reflect.apply(listen, this, args) as Server;
} as typeof listen;
function mapPort(url: string): string {
  const parsed = new URL(url);
  const server = portOf.get(Number(parsed.port));
  const address = server?.address();
  if (address && typeof address === 'object') parsed.port = String(address.port);
  return parsed.href;
}
const NodeWebSocket = globalThis.WebSocket;
globalThis.WebSocket = class PortMappedWebSocket extends NodeWebSocket {
  constructor(url: string | URL, protocols?: string | string[]) {
    super(mapPort(String(url)), protocols);
  }
};
Object.assign(globalThis, { location: { protocol: 'http:', host: 'localhost:8787' } });

/** What the exercises hand on to each other (the transcript body, for `replay`). */
const context: { transcript?: string } = {};

const EXERCISES: Record<string, (value: never) => Promise<string>> = {
  seed: async (seed: (storage: unknown, definition: unknown) => Promise<void>) => {
    const storage = createMemoryStorage();
    const point = { id: 'seeded-point', content: 'Seeds grow.', context: 'Botany.' };
    await seed(storage, { id: 'seeded', name: 'Seeded', points: [point] });
    await seed(storage, { id: 'seeded', name: 'Seeded again', points: [point] });
    const stored = await storage.getRecallSet('seeded');
    if (stored?.name !== 'Seeded again') throw new Error('seed() did not save the set.');
    return 'saved a set twice';
  },
  describeFailure: async (describe: (error: unknown) => string) =>
    describe(toRecallError(new Error('boom'))),
  transcriptBody: async (body: (jsonLines: string) => string) => {
    const storage = createMemoryStorage();
    const engine = createRecallEngine({ storage, llm: createOfflineLLM({ chunkDelayMs: 0 }) });
    const set = defineRecallSet({
      name: 'Log',
      points: [{ content: 'Logs list events.', context: 'x' }],
    });
    await storage.saveRecallSet(set);
    const { sessionId } = await engine.startSession(set.id, { userId: 'learner-1' });
    await engine.whenIdle(sessionId);
    context.transcript = body(await exportSessionLog(storage, sessionId));
    await engine.close();
    return `${(JSON.parse(context.transcript) as unknown[]).length} redacted events`;
  },
  replay: async (replay: (url: string) => Promise<{ getSnapshot(): { timeline: unknown[] } }>) => {
    if (context.transcript === undefined) throw new Error('No transcript to replay.');
    const url = `data:application/json,${encodeURIComponent(context.transcript)}`;
    const client = await replay(url);
    const items = client.getSnapshot().timeline.length;
    if (items === 0) throw new Error('The replay shows nothing.');
    return `${items} timeline items`;
  },
};

async function renderOnServer(name: string, component: unknown): Promise<string> {
  const { createElement } = await import('react');
  const { renderToString } = await import('react-dom/server');
  const { RecallProvider } = await import('@recall/react');
  const { createTestSession } = await import('@recall/react/testing');
  const session = createTestSession({ fixture: 'rabbitholePrompt' });
  await session.ready;
  const element = createElement(component as never, { recallSetId: 'photosynthesis' });
  const html = renderToString(createElement(RecallProvider, { client: session.client }, element));
  await session.close();
  return `<${name}> rendered on the server (${html.length} characters of HTML)`;
}

type Client = {
  getSnapshot(): { status: string; lastError: { code: string } | null };
  subscribe(listener: () => void): () => void;
  sendMessage(text: string): string;
  close(): void;
};
function isClient(value: unknown): value is Client {
  const candidate = value as Partial<Client> | null;
  return (
    typeof candidate?.getSnapshot === 'function' && typeof candidate.sendMessage === 'function'
  );
}
function untilActive(client: Client): Promise<string> {
  return new Promise((resolvePromise, reject) => {
    const check = () => {
      if (client.getSnapshot().status !== 'active') return;
      clearTimeout(timer);
      unsubscribe();
      resolvePromise('a client reached status active');
    };
    const timer = setTimeout(() => {
      unsubscribe();
      reject(
        new Error(
          `A client never became active: ${JSON.stringify(client.getSnapshot().lastError)}`,
        ),
      );
    }, 30_000);
    const unsubscribe = client.subscribe(check);
    check();
  });
}

type Model = { streamText(call: unknown): AsyncIterable<{ type: string; text?: string }> };
function isModel(value: unknown): value is Model {
  return typeof (value as Partial<Model> | null)?.streamText === 'function';
}
async function oneReply(model: Model): Promise<string> {
  let text = '';
  const call = {
    kind: 'tutor',
    system: 'You are a tutor.',
    messages: [{ role: 'user', content: 'Hi' }],
  };
  for await (const part of model.streamText(call))
    if (part.type === 'text-delta') text += part.text;
  if (text === '') throw new Error('A model adapter streamed no text.');
  return `a model adapter streamed "${text.slice(0, 48)}"`;
}

const manifest = JSON.parse(readFileSync(process.argv[2] ?? '', 'utf8')) as ManifestEntry[];
const clients: Client[] = [];
let ran = 0;
for (const entry of manifest) {
  for (const name of entry.hostNames) {
    const standIn = HOST_STAND_INS[name];
    if (standIn === undefined) {
      throw new Error(`${entry.label} assumes "${name}"; give it a stand-in in app/run-readme.ts.`);
    }
    (globalThis as Record<string, unknown>)[name] = standIn();
  }
  const exported = (await import(pathToFileURL(resolve(entry.file)).href)) as Record<
    string,
    unknown
  >;
  const notes: string[] = [];
  for (const [name, value] of Object.entries(exported)) {
    if (entry.ownExports.includes(name)) {
      const exercise = EXERCISES[name];
      if (/^[A-Z]/.test(name)) notes.push(await renderOnServer(name, value));
      else if (exercise !== undefined) notes.push(`${name}(): ${await exercise(value as never)}`);
      else throw new Error(`${entry.label} exports ${name}(); exercise it in app/run-readme.ts.`);
    } else if (isClient(value)) {
      clients.push(value);
      notes.push(await untilActive(value));
    } else if (isModel(value)) {
      notes.push(await oneReply(value));
    }
  }
  if (failures.length > 0) break;
  ran++;
  console.log(`  ✓ ${entry.label}${notes.length > 0 ? `: ${notes.join('; ')}` : ''}`);
}
// Let what the snippets started settle, so a late rejection is seen.
await new Promise((resolvePromise) => setTimeout(resolvePromise, 500));
for (const client of clients) client.close();
if (failures.length > 0) {
  console.error(failures);
  process.exit(1);
}
const standIns = (globalThis as { recallStandIns?: { requests(): unknown } }).recallStandIns;
console.log(
  `RAN ${JSON.stringify({ snippets: ran, modelRequests: standIns?.requests() ?? null })}`,
);
process.exit(0);
