// A session through createRecallClient, in Node, against the README's server:
// node session.mjs '{"url", "recallSetId", "userId", "answers", "reply"?}'. Without `reply` (the
// offline model) it answers every point with its own text (the offline evaluator recalls it),
// leaves, and prints `DONE {json}` once the session is completed. With `reply` (the model is the
// Messages API stand-in, which answers every call with that text) it checks that the opening
// question and the answer to one message are that text, leaves, and prints `DONE` once the
// session is paused. Typechecked against the packed packages like the README snippets.
import { createRecallClient, type RecallClientSnapshot } from '@recall/ws';
import { WebSocket } from 'ws';

interface SessionInput {
  url: string;
  recallSetId: string;
  userId: string;
  answers: string[];
  reply?: string;
}

const input = JSON.parse(process.argv[2] ?? '{}') as SessionInput;
const cookie = `recall-check-user=${input.userId}`;

// The README's `authenticate` reads a cookie; a browser sends it, here the socket does.
// The client offers the protocol version as a subprotocol: pass it on.
class CookieWebSocket extends WebSocket {
  constructor(url: string, protocols?: string | string[]) {
    super(url, protocols, { headers: { cookie } });
  }
}

const client = createRecallClient({
  url: input.url,
  recallSetId: input.recallSetId,
  WebSocket: CookieWebSocket,
  storage: null,
});

function recalledOf(session: RecallClientSnapshot['session']): number {
  return session.recalledPointIds.length;
}

function until(what: string, done: (snapshot: RecallClientSnapshot) => boolean): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const snapshot = client.getSnapshot();
      if (!done(snapshot)) return;
      clearTimeout(timer);
      unsubscribe();
      resolve();
    };
    const timer = setTimeout(() => {
      unsubscribe();
      const { session, status, connection, lastError } = client.getSnapshot();
      reject(
        new Error(
          `Timed out waiting for ${what}: connection ${connection}, status ${status}, ${recalledOf(session)}/${session.totalPoints} recalled, last error ${JSON.stringify(lastError)}.`,
        ),
      );
    }, 30_000);
    const unsubscribe = client.subscribe(check);
    check();
  });
}

await until('the session to start', ({ status }) => status === 'active');
if (input.reply !== undefined) await oneExchange(input.reply);
for (const [index, answer] of input.reply === undefined ? input.answers.entries() : []) {
  client.sendMessage(answer);
  await until(`point ${index + 1} to be recalled`, ({ session }) => recalledOf(session) > index);
}
const { session } = client.getSnapshot();
if (input.reply === undefined && recalledOf(session) !== session.totalPoints) {
  throw new Error(`${recalledOf(session)} of ${session.totalPoints} points recalled.`);
}
client.leaveSession();
const ended = input.reply === undefined ? 'completed' : 'paused';
await until(`the session to be ${ended}`, ({ status }) => status === ended);
client.close();
console.log(
  `DONE ${JSON.stringify({ recalled: recalledOf(session), total: session.totalPoints, status: ended })}`,
);

/** The model's replies, complete, in order. */
function replies(): string[] {
  return client
    .getSnapshot()
    .timeline.flatMap((item) =>
      item.kind === 'message' && item.role === 'assistant' && item.status === 'complete'
        ? [item.content]
        : [],
    );
}

async function oneExchange(reply: string): Promise<void> {
  await until('the opening question', () => replies().length >= 1);
  client.sendMessage(input.answers[0] ?? 'An answer.');
  await until('the reply to one message', () => replies().length >= 2);
  const wrong = replies().filter((text) => text !== reply);
  if (wrong.length > 0) {
    throw new Error(`The tutor's replies are not the stand-in's: ${JSON.stringify(wrong)}.`);
  }
}
