// Runs the README's server snippets in the consumer app, as a host app would run its server:
// node server-main.mjs <readme-server.mjs> <declared names>. Stand-ins are given for what the
// snippets assume from the host app (`app`, `verifySessionCookie`), and the server's fixed port
// becomes a free one. Prints one line, `READY {json}`, once the server listens.
import { type IncomingMessage, Server, type ServerResponse } from 'node:http';
import { pathToFileURL } from 'node:url';

/** Runtime stand-ins for the names the snippets declare, by name. */
const STAND_INS: Record<string, unknown> = {
  app: (_request: IncomingMessage, response: ServerResponse) => response.end('the host app'),
  verifySessionCookie: async (cookie: string | undefined) =>
    /(?:^|;\s*)recall-check-user=([^;]+)/.exec(cookie ?? '')?.[1] ?? null,
};

const [modulePath, declared = ''] = process.argv.slice(2);
if (modulePath === undefined) throw new Error('Usage: server-main <readme-server.mjs> <names>');
for (const name of declared.split(',').filter(Boolean)) {
  if (!(name in STAND_INS)) {
    throw new Error(
      `The README's server snippets assume "${name}" from the host app; give it a stand-in in scripts/consumer-check/app/server-main.ts.`,
    );
  }
  (globalThis as Record<string, unknown>)[name] = STAND_INS[name];
}

// Any port the snippet asks for becomes a free one: other servers may run on this machine.
const servers: Server[] = [];
const listen = Server.prototype.listen;
Server.prototype.listen = function listenOnFreePort(this: Server, ...args: unknown[]) {
  servers.push(this);
  if (typeof args[0] === 'number') args[0] = 0;
  return Reflect.apply(listen, this, args) as Server;
} as typeof listen;

const exported = (await import(pathToFileURL(modulePath).href)) as Record<string, unknown>;
const server = servers[0];
if (server === undefined) throw new Error('The server snippets never called listen().');
if (!server.listening) await new Promise((resolve) => server.once('listening', resolve));
const address = server.address();
if (address === null || typeof address === 'string') throw new Error('No TCP address.');

// The recall set the snippets stored: the exported value shaped like one.
const recallSet = Object.values(exported).find(
  (value): value is { id: string; ownerId?: string; points: { content: string }[] } =>
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { id?: unknown }).id === 'string' &&
    Array.isArray((value as { points?: unknown }).points),
);
if (recallSet === undefined) throw new Error('The server snippets define no recall set.');
// Under the model substitution (stand-ins.mjs), the reply every model call gets.
const standIns = (globalThis as { recallStandIns?: { reply: string } }).recallStandIns;
console.log(
  `READY ${JSON.stringify({
    ...(standIns === undefined ? {} : { reply: standIns.reply }),
    // By name: the snippet allows the Host names it is reached by (`localhost` locally).
    url: `ws://localhost:${address.port}/ws`,
    httpUrl: `http://localhost:${address.port}/`,
    recallSetId: recallSet.id,
    userId: recallSet.ownerId ?? 'consumer-check-user',
    answers: recallSet.points.map((point) => point.content),
  })}`,
);
