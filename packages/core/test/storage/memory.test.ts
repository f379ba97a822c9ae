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
