import { afterEach, describe, expect, test } from 'vitest';
import { CONNECTION_SCENARIOS } from './connection-scenarios';
import {
  type ConnectionScenario,
  type FrameMatch,
  HOSTS,
  type Host,
  type HostSetup,
  type Probe,
  type ScenarioFixture,
} from './harness/connection-hosts';
import { createEngineSetup } from './harness/engine-setup';
import { makeRecallSet } from './harness/fixtures';

// One table of connection scenarios, run against both hosts of the connection core: the
// Node server on a loopback port with a real `ws` client, and the in-process transport.
// Each host gets a fresh engine and storage; the frames are compared after normalising ids
// and times only, and the close codes and reasons must be identical.

const hosts: Host[] = [];

afterEach(async () => {
  await Promise.all(hosts.splice(0).map((host) => host.close()));
});

/** What the client saw: whether the socket opened, its frames, and how it closed. */
interface Transcript {
  opened: boolean;
  frames: unknown[];
  close: { code: number; reason: string } | null;
}

async function run(scenario: ConnectionScenario, hostName: keyof typeof HOSTS) {
  const setup = await createEngineSetup({ tutor: () => 'Hello there.' });
  await setup.storage.saveRecallSet(makeRecallSet({ id: 'bob-set', ownerId: 'bob' }));
  const alice = await setup.engine.startSession('cell-energy', { userId: 'alice' });
  const bob = await setup.engine.startSession('cell-energy', { userId: 'bob' });
  await setup.engine.whenIdle(alice.sessionId);
  await setup.engine.whenIdle(bob.sessionId);
  const fixture: ScenarioFixture = {
    aliceSession: alice.sessionId,
    head: await setup.storage.lastSeq(alice.sessionId),
    bobSession: bob.sessionId,
  };
  const base: HostSetup = {
    engine: setup.engine,
    storage: setup.storage,
    limits: scenario.limits ?? {},
  };
  const host = await HOSTS[hostName]({ ...base, ...scenario.failures?.(base) });
  hosts.push(host);
  for (const query of scenario.before?.(fixture) ?? []) {
    const earlier = host.open(query);
    await Promise.race([earlier.waitFor(matches({ type: 'history_end' })), earlier.closed]);
  }
  const probe = host.open(scenario.query(fixture), scenario.protocols);
  const transcript = await record(probe, scenario);
  await setup.engine.close();
  return transcript;
}

async function record(probe: Probe, scenario: ConnectionScenario): Promise<Transcript> {
  let sentAt = 0;
  for (const step of scenario.steps ?? []) {
    if ('send' in step) {
      sentAt = probe.frames.length;
      probe.send(typeof step.send === 'string' ? step.send : JSON.stringify(step.send));
    } else {
      await probe.waitFor(matches(step.await), sentAt);
    }
  }
  let close: Transcript['close'] = null;
  if (scenario.expected.close !== undefined) close = await probe.closed;
  const frames = normalise(probe.frames.map((frame) => JSON.parse(frame)));
  probe.close();
  return { opened: probe.opened, frames, close };
}

function matches(match: FrameMatch) {
  return (frame: Record<string, unknown>) =>
    'type' in match
      ? frame.type === match.type
      : frame.type === 'error' && frame.code === match.code;
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const TIME_KEY = /(^timestamp$|At$)/;

/**
 * Ids (alone or inside a message) become `<id:N>` in order of appearance (so equal ids stay equal), times become
 * `<time>`, and waits (`retryAfterMs`, "retry in N ms") are rounded up to the second: they
 * count down from when each host's budget was drained.
 */
function normalise(frames: unknown[]): unknown[] {
  const ids = new Map<string, string>();
  const seconds = (milliseconds: number) => Math.ceil(milliseconds / 1000) * 1000;
  const walk = (value: unknown, key = ''): unknown => {
    if (Array.isArray(value)) return value.map((item) => walk(item));
    if (value !== null && typeof value === 'object') {
      return Object.fromEntries(
        Object.entries(value).map(([name, item]) => [name, walk(item, name)]),
      );
    }
    if (TIME_KEY.test(key) && typeof value === 'number') return '<time>';
    if (key === 'retryAfterMs' && typeof value === 'number') return seconds(value);
    if (typeof value !== 'string') return value;
    return value
      .replace(UUID, (id) => {
        if (!ids.has(id)) ids.set(id, `<id:${ids.size}>`);
        return ids.get(id) as string;
      })
      .replace(/retry in (\d+) ms/, (_, wait) => `retry in ${seconds(Number(wait))} ms`);
  };
  return frames.map((frame) => walk(frame));
}

function errorCodes(transcript: Transcript): unknown[] {
  return transcript.frames
    .filter((frame) => (frame as { type?: string }).type === 'error')
    .map((frame) => (frame as { code: string }).code);
}

describe('connection scenarios: the Node server and the in-process transport answer alike', () => {
  test.each(CONNECTION_SCENARIOS.map((scenario) => [scenario.name, scenario] as const))(
    '%s',
    async (_name, scenario) => {
      const node = await run(scenario, 'node');
      const inProcess = await run(scenario, 'inProcess');
      expect({
        opened: node.opened,
        errors: errorCodes(node),
        close: node.close?.code,
      }).toEqual({ ...scenario.expected, close: scenario.expected.close });
      expect(inProcess).toEqual(node);
    },
    20_000,
  );
});
