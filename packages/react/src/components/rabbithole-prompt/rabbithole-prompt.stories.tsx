import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import {
  SESSION_STATES,
  sentCommands,
  loadFixtureSession,
  withFixtureSession,
} from '../../stories/fixture-story';
import * as RabbitholeIndicator from '../rabbithole-indicator/parts';
import * as Prompt from './parts';

const meta = {
  title: 'Components/RabbitholePrompt',
  component: Prompt.Root,
  decorators: [withFixtureSession],
  loaders: [loadFixtureSession],
} satisfies Meta<typeof Prompt.Root>;

export default meta;

export const Connecting: StoryObj<typeof meta> = SESSION_STATES.Connecting;
export const Idle: StoryObj<typeof meta> = SESSION_STATES.Idle;
export const Streaming: StoryObj<typeof meta> = SESSION_STATES.Streaming;
export const Recalled: StoryObj<typeof meta> = SESSION_STATES.Recalled;
export const NearMiss: StoryObj<typeof meta> = SESSION_STATES.NearMiss;
// The offer as the learner sees it; choosing "Explore" is its own story.
export const RabbitholePrompt: StoryObj<typeof meta> = {
  ...SESSION_STATES.RabbitholePrompt,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('group', { name: 'Want to explore “Why leaves change colour in autumn”?' }),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Explore' })).toBeEnabled();
    await expect(canvas.getByRole('button', { name: 'Stay on track' })).toBeEnabled();
  },
};
// After "Explore": the command sent, the prompt gone, and the session in the rabbit hole.
export const Explored: StoryObj<typeof meta> = {
  ...SESSION_STATES.RabbitholePrompt,
  name: 'Rabbithole Prompt › Explored',
  render: (args) => (
    <>
      <Prompt.Root {...args} />
      <RabbitholeIndicator.Root />
    </>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Explore' }));
    await expect(sentCommands(canvasElement)).toEqual([
      '{"type":"enter_rabbithole","rabbitholeEventId":"rabbithole-1","topic":"Why leaves change colour in autumn"}',
    ]);
    await expect(canvas.queryByRole('button', { name: 'Explore' })).toBeNull();
    await expect(
      await canvas.findByText('Exploring: Why leaves change colour in autumn'),
    ).toBeVisible();
  },
};
export const InRabbithole: StoryObj<typeof meta> = SESSION_STATES.InRabbithole;
export const Returned: StoryObj<typeof meta> = SESSION_STATES.Returned;
export const Overlay: StoryObj<typeof meta> = SESSION_STATES.Overlay;
export const Paused: StoryObj<typeof meta> = SESSION_STATES.Paused;
export const ErrorState: StoryObj<typeof meta> = { ...SESSION_STATES.Error, name: 'Error' };
export const Reconnecting: StoryObj<typeof meta> = SESSION_STATES.Reconnecting;
