// One whole session through createRecallClient, in Node, against the README's server:
// node session.mjs '{"url", "recallSetId", "userId", "answers"}'. Answers every point with its
// own text (the offline evaluator recalls it), leaves, and prints `DONE {json}` once the
// session is completed. Typechecked against the packed packages like the README snippets.
import { createRecallClient, type RecallClientSnapshot } from '@recall/ws';
import { WebSocket } from 'ws';

interface SessionInput {
  url: string;
  recallSetId: string;
  userId: string;
  answers: string[];
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
for (const [index, answer] of input.answers.entries()) {
  client.sendMessage(answer);
  await until(`point ${index + 1} to be recalled`, ({ session }) => recalledOf(session) > index);
}
const { session } = client.getSnapshot();
if (recalledOf(session) !== session.totalPoints) {
  throw new Error(`${recalledOf(session)} of ${session.totalPoints} points recalled.`);
}
client.leaveSession();
await until('the session to complete', ({ status }) => status === 'completed');
client.close();
console.log(
  `DONE ${JSON.stringify({ recalled: recalledOf(session), total: session.totalPoints, status: 'completed' })}`,
);
