import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import {
  SESSION_STATES,
  loadFixtureSession,
  withFixtureSession,
} from '../../stories/fixture-story';
import * as SessionImage from './parts';

const meta = {
  title: 'Components/SessionImage',
  component: SessionImage.Root,
  decorators: [withFixtureSession],
  loaders: [loadFixtureSession],
} satisfies Meta<typeof SessionImage.Root>;

export default meta;

export const Connecting: StoryObj<typeof meta> = SESSION_STATES.Connecting;
export const Idle: StoryObj<typeof meta> = SESSION_STATES.Idle;
export const Streaming: StoryObj<typeof meta> = SESSION_STATES.Streaming;
export const Recalled: StoryObj<typeof meta> = SESSION_STATES.Recalled;
export const NearMiss: StoryObj<typeof meta> = SESSION_STATES.NearMiss;
export const RabbitholePrompt: StoryObj<typeof meta> = SESSION_STATES.RabbitholePrompt;
export const InRabbithole: StoryObj<typeof meta> = SESSION_STATES.InRabbithole;
export const Returned: StoryObj<typeof meta> = {
  ...SESSION_STATES.Returned,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('img', { name: 'A leaf: the chloroplasts sit in its green cells.' }),
    ).toBeInTheDocument();
  },
};
export const Overlay: StoryObj<typeof meta> = SESSION_STATES.Overlay;
export const Paused: StoryObj<typeof meta> = SESSION_STATES.Paused;
export const ErrorState: StoryObj<typeof meta> = { ...SESSION_STATES.Error, name: 'Error' };
export const Reconnecting: StoryObj<typeof meta> = SESSION_STATES.Reconnecting;
