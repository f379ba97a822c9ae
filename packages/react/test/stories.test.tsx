import { composeStories } from '@storybook/react-vite';
import { cleanup } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
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
import { axeViolations } from './render';

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

describe.each(Object.entries(STORY_FILES))('%s stories', (_component, file) => {
  const stories = composeStories(file);

  test('cover every session state', () => {
    expect(Object.keys(stories)).toEqual(expect.arrayContaining(SESSION_STATES));
  });

  test.each(Object.entries(stories))('%s: play passes, no axe violations', async (_, Story) => {
    await Story.run();
    expect(await axeViolations(document.body)).toEqual([]);
    cleanup();
  });
});

test('the live story runs a real offline session in the page', async () => {
  const { Live } = composeStories(liveSession, { args: { chunkDelayMs: 0 } });
  await Live.run();
  expect(await axeViolations(document.body)).toEqual([]);
}, 20_000);
