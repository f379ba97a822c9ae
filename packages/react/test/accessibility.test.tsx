import type { ConnectionState } from '@recall/ws';
import { render } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import type { SessionFixtureName } from '../src/testing';
import { axeViolations, renderWithClient } from './render';
import { openSession } from './session';
import { SessionScreen } from './session-screen';

const STATES: ReadonlyArray<
  [
    name: string,
    fixture: SessionFixtureName,
    connection: Extract<ConnectionState, 'connecting' | 'open' | 'reconnecting'>,
  ]
> = [
  ['connecting', 'connecting', 'connecting'],
  ['idle', 'idle', 'open'],
  ['streaming', 'streaming', 'open'],
  ['recalled', 'recalled', 'open'],
  ['near miss', 'nearMiss', 'open'],
  ['rabbit-hole prompt', 'rabbitholePrompt', 'open'],
  ['in rabbit hole', 'inRabbithole', 'open'],
  ['returned with image and resource', 'returned', 'open'],
  ['overlay', 'overlay', 'open'],
  ['paused', 'paused', 'open'],
  ['error', 'error', 'open'],
  ['reconnecting', 'recalled', 'reconnecting'],
];

describe('accessibility (axe-core)', () => {
  test('axe reports real violations in this environment', async () => {
    const { container } = render(
      <div>
        {/* biome-ignore lint/a11y/useAltText: deliberately inaccessible, to prove axe catches it */}
        <img src="x.png" />
        <button type="button" />
      </div>,
    );
    const violations = await axeViolations(container);
    expect(violations.some((line) => line.startsWith('image-alt'))).toBe(true);
    expect(violations.some((line) => line.startsWith('button-name'))).toBe(true);
  });

  test.each(STATES)('no violations: %s', async (_name, fixture, connection) => {
    const session = await openSession({ fixture, connection });
    if (connection === 'reconnecting') session.client.sendMessage('Is it chlorophyll?');
    const { container } = renderWithClient(<SessionScreen />, { client: session.client });
    expect(container.querySelectorAll('[data-state]').length).toBeGreaterThan(3);
    expect(await axeViolations(container)).toEqual([]);
  });
});
