import { act, screen } from '@testing-library/react';
import { expect, test } from 'vitest';
import { renderWithClient } from '../../../test/render';
import { openSession } from '../../../test/session';
import * as ResourceCard from '../resource-card/parts';
import * as SessionImage from './parts';

test('SessionImage shows the latest show_image as a captioned figure', async () => {
  const session = await openSession({ fixture: 'nearMiss' });
  renderWithClient(<SessionImage.Root />, { client: session.client });
  expect(screen.queryByRole('figure')).toBeNull();
  await act(() =>
    session.append('show_image', {
      resourceId: 'image-leaf',
      url: 'data:image/svg+xml,%3Csvg%2F%3E',
      caption: 'A leaf: the chloroplasts sit in its green cells.',
    }),
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

test('an image without a caption gets the replaceable fallback alt text', async () => {
  const session = await openSession({ fixture: 'idle' });
  renderWithClient(
    <SessionImage.Root
      image={{ kind: 'image', id: 'e', resourceId: 'r', url: 'data:image/png;base64,AA==' }}
      fallbackAlt="Bild vom Agent"
    />,
    { client: session.client },
  );
  expect(screen.getByRole('img', { name: 'Bild vom Agent' })).toBeTruthy();
  expect(document.querySelector('figcaption')).toBeNull();
});

test('ResourceCard shows the latest show_resource, named by its title', async () => {
  const session = await openSession({ fixture: 'returned' });
  renderWithClient(<ResourceCard.Root />, { client: session.client });
  const card = screen.getByRole('article', { name: 'The photosynthesis equation' });
  expect(card.textContent).toContain('6 CO2 + 6 H2O + light → C6H12O6 + 6 O2');
});

test('ResourceCard renders nothing before any resource', async () => {
  const session = await openSession({ fixture: 'idle' });
  const { container } = renderWithClient(<ResourceCard.Root />, { client: session.client });
  expect(container.innerHTML).toBe('');
});
