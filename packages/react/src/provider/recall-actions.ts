import type { RecallClient } from '@recall/ws';

/** The client's members that are not actions: its lifecycle, its state, and raw `send`. */
const NOT_ACTIONS = ['getSnapshot', 'subscribe', 'connect', 'close', 'send'] as const;

/**
 * What the learner can do: every method of {@link RecallClient} except its lifecycle, its
 * state and raw `send` (use `useRecallClient().send` for that), so a helper the client gains
 * is an action here too. Each action calls the client, which acts on its latest state, so an
 * action captured at first render never goes stale. There is deliberately no "trigger
 * evaluation" and no "end session": the agent decides when a point is recalled, and the
 * learner only ever leaves.
 */
export type RecallActions = Omit<RecallClient, (typeof NOT_ACTIONS)[number]>;

/** The actions bound to one client (created once per client by the provider). */
export function createRecallActions(client: RecallClient): RecallActions {
  const actions: Record<string, (...args: unknown[]) => unknown> = {};
  for (const name of methodNames(client)) {
    if ((NOT_ACTIONS as readonly string[]).includes(name)) continue;
    const method = name as keyof RecallActions;
    actions[name] = (...args) => Reflect.apply(client[method], client, args);
  }
  return actions as unknown as RecallActions;
}

/** The names of an object's methods, own or inherited (a client may be a class instance). */
function methodNames(value: object): Set<string> {
  const names = new Set<string>();
  for (let layer = value; layer !== Object.prototype && layer !== null; ) {
    for (const name of Object.getOwnPropertyNames(layer)) {
      if (
        name !== 'constructor' &&
        typeof (value as Record<string, unknown>)[name] === 'function'
      ) {
        names.add(name);
      }
    }
    layer = Object.getPrototypeOf(layer);
  }
  return names;
}
