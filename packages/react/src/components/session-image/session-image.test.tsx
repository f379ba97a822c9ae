import { act, screen } from '@testing-library/react';
import { expect, test } from 'vitest';
import { renderWithClient } from '../../../test/render';
import { createFixtureClient } from '../../testing/create-fixture-client';
import { SESSION_FIXTURES } from '../../testing/recorded-session';
import * as ResourceCard from '../resource-card/parts';
import * as SessionImage from './parts';

test('SessionImage shows the latest show_image as a captioned figure', () => {
  const client = createFixtureClient({ messages: SESSION_FIXTURES.inRabbithole });
  renderWithClient(<SessionImage.Root />, { client });
  expect(screen.queryByRole('figure')).toBeNull();
  act(() =>
    client.receive(...SESSION_FIXTURES.returned.slice(SESSION_FIXTURES.inRabbithole.length)),
  );
  const figure = screen.getByRole('figure');
  const image = screen.getByRole('img', {
    name: 'A leaf: the chloroplasts sit in its green cells.',
  });
  expect(figure.contains(image)).toBe(true);
  expect(image.getAttribute('src')).toMatch(/^data:image\/svg\+xml,/);
  expect(figure.querySelector('figcaption')?.textContent).toBe(
    'A leaf: the chloroplasts sit in its green cells.',
  );
  expect(figure.getAttribute('data-resource-id')).toBe('image-leaf');
});

test('an image without a caption gets the replaceable fallback alt text', () => {
  const client = createFixtureClient({ messages: SESSION_FIXTURES.idle });
  renderWithClient(
    <SessionImage.Root
      image={{ resourceId: 'r', url: 'data:image/png;base64,AA==' }}
      fallbackAlt="Bild vom Agent"
    />,
    { client },
  );
  expect(screen.getByRole('img', { name: 'Bild vom Agent' })).toBeTruthy();
  expect(document.querySelector('figcaption')).toBeNull();
});

test('ResourceCard shows the latest show_resource, named by its title', () => {
  const client = createFixtureClient({ messages: SESSION_FIXTURES.returned });
  renderWithClient(<ResourceCard.Root />, { client });
  const card = screen.getByRole('article', { name: 'The photosynthesis equation' });
  expect(card.textContent).toContain('6 CO2 + 6 H2O + light → C6H12O6 + 6 O2');
});

test('ResourceCard renders nothing before any resource', () => {
  const client = createFixtureClient({ messages: SESSION_FIXTURES.idle });
  const { container } = renderWithClient(<ResourceCard.Root />, { client });
  expect(container.innerHTML).toBe('');
});
