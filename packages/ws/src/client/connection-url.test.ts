import { describe, expect, test } from 'vitest';
import { buildConnectionUrl } from './connection-url';

describe('buildConnectionUrl', () => {
  test('selects a recall set or resumes a session after a seq', () => {
    expect(buildConnectionUrl('ws://h/ws', { recallSetId: 'set 1' })).toBe(
      'ws://h/ws?recallSetId=set+1',
    );
    expect(buildConnectionUrl('ws://h/ws', { sessionId: 's', afterSeq: 7 }, 'tok')).toBe(
      'ws://h/ws?sessionId=s&afterSeq=7&token=tok',
    );
  });

  test('keeps existing query parameters and the fragment', () => {
    expect(buildConnectionUrl('ws://h/ws?tenant=a#x', { recallSetId: 'r' })).toBe(
      'ws://h/ws?tenant=a&recallSetId=r#x',
    );
  });
});
