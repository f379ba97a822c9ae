import { composeStories } from '@storybook/react-vite';
import { screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { axeViolations } from '../../test/render';
import { runStory } from '../../test/story-runner';
import * as stories from './voice-input.stories';

// Every story renders and its play function passes, ending in the state it is named after,
// with no axe violation in that state.
const { Idle, Recording, Processing, Transcribed, Failed, NotConfigured, Unsupported } =
  composeStories(stories);

describe('useVoiceInput stories', () => {
  test.each([
    ['Idle', Idle, () => screen.findByRole('button', { name: 'Answer by voice' })],
    [
      'Recording',
      Recording,
      () => screen.findByRole('button', { name: 'Stop recording and send' }),
    ],
    ['Processing', Processing, () => screen.findByRole('button', { name: 'Transcribing…' })],
    ['Transcribed', Transcribed, () => screen.findByText(/^Heard:/)],
    ['Failed', Failed, () => screen.findByText(/^Voice failed: Deepgram/)],
    ['NotConfigured', NotConfigured, () => screen.findByText(/Voice input is off/)],
    ['Unsupported', Unsupported, () => screen.findByText(/Voice input is off/)],
  ] as const)('%s', async (_, Story, find) => {
    await runStory(Story);
    expect(await find()).toBeTruthy();
    // The keyboard fallback is always there.
    expect(screen.getByRole('textbox')).toBeTruthy();
    expect(await axeViolations(document.body)).toEqual([]);
  });
});
