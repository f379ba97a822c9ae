/// <reference types="vite/client" />
import { composeStories } from '@storybook/react-vite';
import { describe, expect, test, vi } from 'vitest';
import * as completionOverlay from '../src/components/completion-overlay/completion-overlay.stories';
import * as composer from '../src/components/composer/composer.stories';
import * as connectionStatus from '../src/components/connection-status/connection-status.stories';
import * as exchangeView from '../src/components/exchange-view/exchange-view.stories';
import * as messageList from '../src/components/message-list/message-list.stories';
import * as nearMissHint from '../src/components/near-miss-hint/near-miss-hint.stories';
import * as rabbitholeIndicator from '../src/components/rabbithole-indicator/rabbithole-indicator.stories';
import * as rabbitholePrompt from '../src/components/rabbithole-prompt/rabbithole-prompt.stories';
import * as resourceCard from '../src/components/resource-card/resource-card.stories';
import * as sessionControls from '../src/components/session-controls/session-controls.stories';
import * as sessionImage from '../src/components/session-image/session-image.stories';
import * as sessionProgress from '../src/components/session-progress/session-progress.stories';
import * as liveSession from '../src/stories/live-session.stories';
import * as session from '../src/stories/session.stories';
import * as formattedText from '../src/voice/formatted-text/formatted-text.stories';
import * as voiceInput from '../src/voice/voice-input.stories';
import { axeViolations } from './render';
import { type ComposedStory, runStory, unmountStory } from './story-runner';

// happy-dom has no `compatMode`; a real page with a doctype reports standards mode, and
// KaTeX (in the FormattedText stories) warns about quirks mode on import otherwise.
vi.hoisted(() => {
  if (document.compatMode === undefined) {
    Object.defineProperty(document, 'compatMode', { value: 'CSS1Compat', configurable: true });
  }
});

// Every story of every component, in every session state: it renders, its play function
// (the interaction test) passes, and axe-core finds no violation in the result.
const STORY_FILES = {
  CompletionOverlay: completionOverlay,
  Composer: composer,
  ConnectionStatus: connectionStatus,
  ExchangeView: exchangeView,
  MessageList: messageList,
  NearMissHint: nearMissHint,
  RabbitholeIndicator: rabbitholeIndicator,
  RabbitholePrompt: rabbitholePrompt,
  ResourceCard: resourceCard,
  SessionControls: sessionControls,
  SessionImage: sessionImage,
  SessionProgress: sessionProgress,
  Session: session,
};

const SESSION_STATES = [
  'Connecting',
  'Idle',
  'Streaming',
  'Recalled',
  'NearMiss',
  'RabbitholePrompt',
  'InRabbithole',
  'Returned',
  'Overlay',
  'Paused',
  'ErrorState',
  'Reconnecting',
];

// Stories that are not about a session state: voice input and formatted text.
const OTHER_STORY_FILES = {
  FormattedText: formattedText,
  VoiceInput: voiceInput,
};

describe.each(Object.entries(STORY_FILES))('%s stories', (_component, file) => {
  const stories = composeStories(file);

  test('cover every session state', () => {
    expect(Object.keys(stories)).toEqual(expect.arrayContaining(SESSION_STATES));
  });

  test.each(Object.entries(stories))('%s: play passes, no axe violations', async (_, Story) => {
    await runStory(Story);
    expect(await axeViolations(document.body)).toEqual([]);
  });
});

describe.each(Object.entries(OTHER_STORY_FILES))('%s stories', (_component, file) => {
  // The two files' story types have nothing in common for TypeScript but `run` and `load`.
  const stories: Record<string, ComposedStory> = composeStories(file);

  test.each(Object.entries(stories))('%s: play passes, no axe violations', async (_, Story) => {
    await runStory(Story);
    expect(document.body.textContent).not.toBe('');
    expect(await axeViolations(document.body)).toEqual([]);
  });
});

test('every stories file in the package is checked here', () => {
  const checked = [...Object.values(STORY_FILES), ...Object.values(OTHER_STORY_FILES), liveSession];
  const all = import.meta.glob<{ title: string }>('../src/**/*.stories.tsx', {
    eager: true,
    import: 'default',
  });
  expect(
    Object.values(all)
      .map((meta) => meta.title)
      .sort(),
  ).toEqual(checked.map((file) => file.default.title).sort());
});

test('the live story runs a real offline session in the page', async () => {
  const { Live } = composeStories(liveSession, { args: { chunkDelayMs: 0 } });
  await runStory(Live);
  expect(await axeViolations(document.body)).toEqual([]);
}, 20_000);

test('a story run by runStory is unmounted again, so no React work outlives its test', async () => {
  const { Idle } = composeStories(composer);
  await runStory(Idle);
  expect(document.body.querySelector('textarea')).not.toBeNull();
  await unmountStory();
  expect(document.body.querySelector('textarea')).toBeNull();
});
