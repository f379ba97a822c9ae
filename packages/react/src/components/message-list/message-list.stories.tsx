/// <reference types="vite/client" />
import type { ChatMessage } from '@recall/ws';
import type { Meta, StoryObj } from '@storybook/react-vite';
import 'katex/dist/katex.min.css';
import { expect, within } from 'storybook/test';
import {
  SESSION_STATES,
  loadFixtureSession,
  withFixtureSession,
} from '../../stories/fixture-story';
import { FormattedText, preloadKatex } from '../../voice/formatted-text/formatted-text';
import * as MessageList from './parts';

const meta = {
  title: 'Components/MessageList',
  component: MessageList.Root,
  decorators: [withFixtureSession],
  loaders: [loadFixtureSession],
} satisfies Meta<typeof MessageList.Root>;

export default meta;

export const Connecting: StoryObj<typeof meta> = SESSION_STATES.Connecting;
export const Idle: StoryObj<typeof meta> = SESSION_STATES.Idle;
export const Streaming: StoryObj<typeof meta> = {
  ...SESSION_STATES.Streaming,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const log = canvas.getByRole('log', { name: 'Conversation' });
    await expect(log).toHaveAttribute('aria-live', 'off');
    await expect(log.lastElementChild).toHaveAttribute('data-state', 'streaming');
  },
};
export const Recalled: StoryObj<typeof meta> = SESSION_STATES.Recalled;
export const NearMiss: StoryObj<typeof meta> = SESSION_STATES.NearMiss;
export const RabbitholePrompt: StoryObj<typeof meta> = SESSION_STATES.RabbitholePrompt;
export const InRabbithole: StoryObj<typeof meta> = SESSION_STATES.InRabbithole;
export const Returned: StoryObj<typeof meta> = SESSION_STATES.Returned;
export const Overlay: StoryObj<typeof meta> = SESSION_STATES.Overlay;
export const Paused: StoryObj<typeof meta> = SESSION_STATES.Paused;
export const ErrorState: StoryObj<typeof meta> = { ...SESSION_STATES.Error, name: 'Error' };
export const Reconnecting: StoryObj<typeof meta> = SESSION_STATES.Reconnecting;

const renderFormatted = (message: ChatMessage) => (
  <FormattedText data-part="content" text={message.content} />
);

/**
 * `renderContent` with `FormattedText` (from `@recall/react/voice/formatted-text`): the learner's
 * `$…$` maths and backtick code, as the voice pipeline writes them, render formatted.
 */
export const FormattedMessages: StoryObj<typeof meta> = {
  args: { renderContent: renderFormatted },
  loaders: [preloadKatex],
  parameters: {
    recall: {
      fixture: 'recalled',
      pendingMessage: 'The leaf area grows like $x^2$; in code that is `side ** 2`.',
    },
  },
  play: async ({ canvasElement }) => {
    const log = within(canvasElement).getByRole('log', { name: 'Conversation' });
    const sent = [...log.querySelectorAll('[data-role="user"]')].at(-1);
    await expect(sent?.querySelector('.katex annotation')?.textContent).toBe('x^2');
    await expect(sent?.querySelector('code')?.textContent).toBe('side ** 2');
  },
};
