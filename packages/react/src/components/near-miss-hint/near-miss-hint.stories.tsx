import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import {
  SESSION_STATES,
  loadFixtureSession,
  withFixtureSession,
} from '../../stories/fixture-story';
import * as NearMissHint from './parts';

const meta = {
  title: 'Components/NearMissHint',
  component: NearMissHint.Root,
  decorators: [withFixtureSession],
  loaders: [loadFixtureSession],
} satisfies Meta<typeof NearMissHint.Root>;

export default meta;

export const Connecting: StoryObj<typeof meta> = SESSION_STATES.Connecting;
export const Idle: StoryObj<typeof meta> = SESSION_STATES.Idle;
export const Streaming: StoryObj<typeof meta> = SESSION_STATES.Streaming;
export const Recalled: StoryObj<typeof meta> = SESSION_STATES.Recalled;
// The hint as the learner sees it; dismissing it is its own story, so this one stays visible.
export const NearMiss: StoryObj<typeof meta> = {
  ...SESSION_STATES.NearMiss,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent('name the pigment');
    await expect(canvas.getByRole('button', { name: 'Dismiss' })).toBeEnabled();
  },
};
export const NearMissDismissed: StoryObj<typeof meta> = {
  ...SESSION_STATES.NearMiss,
  name: 'Near Miss › Dismissed',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent('name the pigment');
    await userEvent.click(canvas.getByRole('button', { name: 'Dismiss' }));
    await expect(canvas.queryByRole('status')).toBeNull();
  },
};
export const RabbitholePrompt: StoryObj<typeof meta> = SESSION_STATES.RabbitholePrompt;
export const InRabbithole: StoryObj<typeof meta> = SESSION_STATES.InRabbithole;
export const Returned: StoryObj<typeof meta> = SESSION_STATES.Returned;
export const Overlay: StoryObj<typeof meta> = SESSION_STATES.Overlay;
export const Paused: StoryObj<typeof meta> = SESSION_STATES.Paused;
export const ErrorState: StoryObj<typeof meta> = { ...SESSION_STATES.Error, name: 'Error' };
export const Reconnecting: StoryObj<typeof meta> = SESSION_STATES.Reconnecting;
