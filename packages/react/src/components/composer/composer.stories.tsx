import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import {
  SESSION_STATES,
  sentCommands,
  loadFixtureSession,
  withFixtureSession,
} from '../../stories/fixture-story';
import * as Composer from './parts';

const meta = {
  title: 'Components/Composer',
  component: Composer.Root,
  decorators: [withFixtureSession],
  loaders: [loadFixtureSession],
} satisfies Meta<typeof Composer.Root>;

export default meta;

export const Connecting: StoryObj<typeof meta> = SESSION_STATES.Connecting;
export const Idle: StoryObj<typeof meta> = {
  ...SESSION_STATES.Idle,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole('textbox', { name: 'Your answer' });
    await userEvent.type(input, 'Sunlight{Shift>}{Enter}{/Shift}and water{Enter}');
    await expect(sentCommands(canvasElement)).toEqual([
      '{"type":"user_message","content":"Sunlight\\nand water"}',
    ]);
    await expect(input).toHaveValue('');
  },
};
export const Streaming: StoryObj<typeof meta> = SESSION_STATES.Streaming;
export const Recalled: StoryObj<typeof meta> = SESSION_STATES.Recalled;
export const NearMiss: StoryObj<typeof meta> = SESSION_STATES.NearMiss;
export const RabbitholePrompt: StoryObj<typeof meta> = {
  ...SESSION_STATES.RabbitholePrompt,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // Typing answers the pending prompt (it shows as declined); sending stores the decline.
    await userEvent.type(canvas.getByRole('textbox', { name: 'Your answer' }), 'No');
    await expect(sentCommands(canvasElement)).toEqual([]);
    await userEvent.type(canvas.getByRole('textbox', { name: 'Your answer' }), '{Enter}');
    await expect(sentCommands(canvasElement)).toEqual(['{"type":"user_message","content":"No"}']);
  },
};
export const InRabbithole: StoryObj<typeof meta> = SESSION_STATES.InRabbithole;
export const Returned: StoryObj<typeof meta> = SESSION_STATES.Returned;
export const Overlay: StoryObj<typeof meta> = SESSION_STATES.Overlay;
export const Paused: StoryObj<typeof meta> = SESSION_STATES.Paused;
export const ErrorState: StoryObj<typeof meta> = { ...SESSION_STATES.Error, name: 'Error' };
export const Reconnecting: StoryObj<typeof meta> = {
  ...SESSION_STATES.Reconnecting,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole('textbox', { name: 'Your answer' });
    await expect(input).toBeDisabled();
    await expect(input).toHaveAccessibleDescription('Connection lost. Reconnecting…');
  },
};
