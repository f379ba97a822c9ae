import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, expect, vi } from 'vitest';
import { RecallProvider } from '../provider/recall-provider';
import { type TestSession, createTestSession } from '../testing/create-test-session';
import type { FakeMicrophone } from './fake-media';
import { createFakeVoiceEndpoint, type FakeVoiceEndpointOptions } from './fake-voice-endpoint';
import { type UseVoiceInputOptions, useVoiceInput } from './use-voice-input';

// Shared by the useVoiceInput tests (use-voice-input.test.tsx, use-voice-input-errors.test.tsx).

export const SESSION_ID = 'session-photosynthesis-1';

/**
 * `setup` renders useVoiceInput on a test session and a fake endpoint; `record` starts recording
 * on `microphone()`, the fake the calling file installs before each test. After each test the
 * microphone is uninstalled and the sessions closed. Call at the top level of a test file.
 */
export function voiceInputHarness(microphone: () => FakeMicrophone) {
  const sessions: TestSession[] = [];
  afterEach(async () => {
    microphone().uninstall();
    await Promise.all(sessions.splice(0).map((session) => session.close()));
  });

  function setup(
    endpointOptions: FakeVoiceEndpointOptions = {},
    options: Partial<UseVoiceInputOptions> = {},
  ) {
    const session = createTestSession({ fixture: 'idle' });
    sessions.push(session);
    const { client } = session;
    const endpoint = createFakeVoiceEndpoint(endpointOptions);
    // Every request, so tests can see where it went; the fake answers regardless of the URL.
    const fetch = vi.fn<typeof globalThis.fetch>((input, init) => endpoint.fetch(input, init));
    const onTranscribed = vi.fn();
    const wrapper = ({ children }: { children?: ReactNode }) => (
      <RecallProvider client={client} throttleMs={0}>
        {children}
      </RecallProvider>
    );
    const hook = renderHook(
      () =>
        // As an app writes it: no endpoint, the default one.
        useVoiceInput({ fetch, onTranscribed, ...options }),
      { wrapper },
    );
    const requested = () =>
      fetch.mock.calls.map(([input, init]) => `${init?.method ?? 'GET'} ${String(input)}`);
    return { ...hook, client, session, endpoint, onTranscribed, requested };
  }

  /** Starts recording and waits until the recorder runs. */
  async function record(hook: { result: { current: ReturnType<typeof useVoiceInput> } }) {
    await waitFor(() => expect(hook.result.current.isAvailable).toBe(true));
    await act(async () => hook.result.current.start());
    await waitFor(() => expect(hook.result.current.status).toBe('recording'));
    const recorder = microphone().recorders.at(-1);
    if (!recorder) throw new Error('No MediaRecorder was created.');
    return recorder;
  }

  return { setup, record };
}

export const sentMessages = (session: TestSession) =>
  session
    .commands()
    .flatMap((message) => (message.type === 'user_message' ? [message.content] : []));
