import { act } from '@testing-library/react';
import type { ReactNode } from 'react';
import { RecallProvider, type Throttle } from '../provider/recall-provider';
import type { TestSession } from '../testing/create-test-session';

// Shared by the hook tests (hooks.test.tsx, focused-hooks.test.tsx).

/** Renders inside a RecallProvider on the session's client (no throttle unless given). */
export function wrapper(session: TestSession, throttleMs: Throttle = 0) {
  return ({ children }: { children: ReactNode }) => (
    <RecallProvider client={session.client} throttleMs={throttleMs}>
      {children}
    </RecallProvider>
  );
}

/** A reply starts streaming (its `assistant_streaming_start` is stored). */
export function startReply(session: TestSession, responseId: string) {
  return act(() =>
    session.append('assistant_streaming_start', { responseId, agent: 'tutor' }, { responseId }),
  );
}
