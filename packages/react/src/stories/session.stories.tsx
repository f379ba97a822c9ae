import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { DemoScreen, SingleExchangeScreen } from './demo-screen';
import {
  SESSION_STATES,
  sentCommands,
  loadFixtureSession,
  withFixtureSession,
} from './fixture-story';

// The whole session screen in every state, from recorded server messages.
const meta = {
  title: 'Session/Full screen',
  component: DemoScreen,
  decorators: [withFixtureSession],
  loaders: [loadFixtureSession],
} satisfies Meta<typeof DemoScreen>;

export default meta;

export const Connecting: StoryObj<typeof meta> = SESSION_STATES.Connecting;
export const Idle: StoryObj<typeof meta> = SESSION_STATES.Idle;
export const Streaming: StoryObj<typeof meta> = SESSION_STATES.Streaming;
export const Recalled: StoryObj<typeof meta> = SESSION_STATES.Recalled;
export const NearMiss: StoryObj<typeof meta> = SESSION_STATES.NearMiss;
export const RabbitholePrompt: StoryObj<typeof meta> = {
  ...SESSION_STATES.RabbitholePrompt,
  // Keeping on typing is an implicit "Stay on track": shown at once, stored with the message.
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('group', { name: /Want to explore/ })).toBeInTheDocument();
    await userEvent.type(canvas.getByRole('textbox', { name: 'Your answer' }), 'Chlorophyll');
    await expect(canvas.queryByRole('group', { name: /Want to explore/ })).toBeNull();
    await expect(sentCommands(canvasElement)).toEqual([]);
    await userEvent.type(canvas.getByRole('textbox', { name: 'Your answer' }), '{Enter}');
    await expect(sentCommands(canvasElement)).toEqual([
      '{"type":"user_message","content":"Chlorophyll"}',
    ]);
    await expect(canvas.queryByRole('group', { name: /Want to explore/ })).toBeNull();
  },
};
export const InRabbithole: StoryObj<typeof meta> = SESSION_STATES.InRabbithole;
export const Returned: StoryObj<typeof meta> = SESSION_STATES.Returned;
export const Overlay: StoryObj<typeof meta> = SESSION_STATES.Overlay;
export const Paused: StoryObj<typeof meta> = SESSION_STATES.Paused;
export const ErrorState: StoryObj<typeof meta> = { ...SESSION_STATES.Error, name: 'Error' };
export const Reconnecting: StoryObj<typeof meta> = SESSION_STATES.Reconnecting;

/** The one-question-at-a-time layout, while the learner waits for the answer. */
export const SingleExchange: StoryObj<typeof meta> = {
  ...SESSION_STATES.Reconnecting,
  render: () => <SingleExchangeScreen />,
};
