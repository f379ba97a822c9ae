import { createMemoryStorage, type SessionEvent } from '@recall/core';
import { createEventContext } from '@recall/core/testing';
import { expect, test } from 'vitest';
import { describeStorageConformance } from './conformance';

describeStorageConformance('memory', { open: async () => createMemoryStorage() });

test('memory: subscribers share one frozen event, so none can change what others see', async () => {
  const storage = createMemoryStorage();
  const context = createEventContext({
    clock: () => 1,
    ids: () => 'e1',
  });
  await storage.append('s1', [context.build('user_message', { content: 'hello' })], {
    expectedSeq: 0,
  });
  const received: SessionEvent[] = [];
  storage.subscribe('s1', 0, (event) => received.push(event));
  storage.subscribe('s1', 0, (event) => received.push(event));
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(received).toHaveLength(2);
  expect(received[0]).toBe(received[1]);
  expect(Object.isFrozen(received[0]!.data)).toBe(true);
  expect(() => {
    (received[0]!.data as { content: string }).content = 'changed';
  }).toThrow(TypeError);
  const [stored] = await storage.read('s1');
  expect(stored!.type === 'user_message' && stored!.data.content).toBe('hello');
});

test('memory: appends and reads hand out the stored frozen events, never a copy each', async () => {
  const storage = createMemoryStorage();
  const context = createEventContext({ clock: () => 1, ids: () => crypto.randomUUID() });
  const input = context.build('user_message', { content: 'hello' });
  const appended = await storage.append('s1', [input], { expectedSeq: 0 });
  // Stored as a copy of the input (changing the input afterwards changes nothing)…
  (input.data as { content: string }).content = 'changed by the caller';
  const [first] = await storage.read('s1');
  const [second] = await storage.read('s1');
  expect(first!.type === 'user_message' && first!.data.content).toBe('hello');
  // …and then shared: the append's result, every read and a duplicate's answer are one object.
  expect(first).toBe(appended.events[0]);
  expect(second).toBe(first);
  const duplicate = await storage.append('s1', [{ ...input, data: { content: 'hello' } }], {
    expectedSeq: 1,
  });
  expect(duplicate.events[0]).toBe(first);
  expect(Object.isFrozen(first)).toBe(true);
});
