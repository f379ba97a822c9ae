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
class CookieWebSocket extends WebSocket {
  constructor(url: string) {
    super(url, { headers: { cookie } });
  }
}

const client = createRecallClient({
  url: input.url,
  recallSetId: input.recallSetId,
  WebSocket: CookieWebSocket,
  storage: null,
});

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
      const { state, connection } = client.getSnapshot();
      reject(
        new Error(
          `Timed out waiting for ${what}: connection ${connection}, status ${state.status}, ${state.recalledCount}/${state.totalPoints} recalled, last error ${JSON.stringify(state.lastError)}.`,
        ),
      );
    }, 30_000);
    const unsubscribe = client.subscribe(check);
    check();
  });
}

await until('the session to start', ({ state }) => state.status === 'active');
for (const [index, answer] of input.answers.entries()) {
  client.sendMessage(answer);
  await until(`point ${index + 1} to be recalled`, ({ state }) => state.recalledCount > index);
}
const { state } = client.getSnapshot();
if (state.recalledCount !== state.totalPoints) {
  throw new Error(`${state.recalledCount} of ${state.totalPoints} points recalled.`);
}
client.leaveSession();
await until('the session to complete', (snapshot) => snapshot.state.status === 'completed');
client.close();
console.log(
  `DONE ${JSON.stringify({ recalled: state.recalledCount, total: state.totalPoints, status: 'completed' })}`,
);
