import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import {
  SESSION_STATES,
  loadFixtureSession,
  withFixtureSession,
} from '../../stories/fixture-story';
import * as SessionProgress from './parts';

const meta = {
  title: 'Components/SessionProgress',
  component: SessionProgress.Root,
  decorators: [withFixtureSession],
  loaders: [loadFixtureSession],
} satisfies Meta<typeof SessionProgress.Root>;

export default meta;

export const Connecting: StoryObj<typeof meta> = SESSION_STATES.Connecting;
export const Idle: StoryObj<typeof meta> = SESSION_STATES.Idle;
export const Streaming: StoryObj<typeof meta> = SESSION_STATES.Streaming;
export const Recalled: StoryObj<typeof meta> = {
  ...SESSION_STATES.Recalled,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const items = canvas.getAllByRole('listitem').filter((item) => item.hasAttribute('data-index'));
    await expect(items.map((item) => item.getAttribute('data-state'))).toEqual([
      'recalled',
      'pending',
      'pending',
      'pending',
    ]);
    // Each step is labelled (never with the point's text, which the client is not sent).
    await expect(items.map((item) => item.getAttribute('aria-label'))).toEqual([
      'Point 1 of 4: recalled',
      'Point 2 of 4: not yet recalled',
      'Point 3 of 4: not yet recalled',
      'Point 4 of 4: not yet recalled',
    ]);
    await expect(canvas.getByText('1 of 4 recalled')).toBeVisible();
    const toggle = canvas.getByRole('button', { name: 'Mute recall cue' });
    await userEvent.click(toggle);
    await expect(toggle).toHaveAccessibleName('Unmute recall cue');
    await expect(toggle).toHaveAttribute('data-state', 'muted');
    await userEvent.click(toggle);
    await expect(toggle).toHaveAccessibleName('Mute recall cue');
    await expect(toggle).toHaveAttribute('data-state', 'unmuted');
  },
};
export const NearMiss: StoryObj<typeof meta> = SESSION_STATES.NearMiss;
export const RabbitholePrompt: StoryObj<typeof meta> = SESSION_STATES.RabbitholePrompt;
export const InRabbithole: StoryObj<typeof meta> = {
  ...SESSION_STATES.InRabbithole,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('group', { name: 'Session progress' })).toBeNull();
  },
};
export const Returned: StoryObj<typeof meta> = {
  ...SESSION_STATES.Returned,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('list', { name: 'Explored topics' })).toHaveTextContent(
      'Autumn leaves',
    );
  },
};
export const Overlay: StoryObj<typeof meta> = SESSION_STATES.Overlay;
export const Paused: StoryObj<typeof meta> = SESSION_STATES.Paused;
export const ErrorState: StoryObj<typeof meta> = { ...SESSION_STATES.Error, name: 'Error' };
export const Reconnecting: StoryObj<typeof meta> = SESSION_STATES.Reconnecting;
