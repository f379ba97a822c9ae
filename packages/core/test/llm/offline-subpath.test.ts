import * as core from '@recall/core';
import * as offline from '@recall/core/offline';
import { expect, test } from 'vitest';

test('the offline model lives on @recall/core/offline, not on the main entry', () => {
  expect(Object.keys(offline)).toEqual(['createOfflineLLM']);
  expect('createOfflineLLM' in core).toBe(false);
});
