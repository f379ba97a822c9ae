import { render } from '@testing-library/react';
import { expect, test } from 'vitest';
import { axeViolations } from './render';

test('axe finds a real violation in happy-dom', async () => {
  const { container } = render(
    <div>
      <img src="x.png" />
      <button type="button" />
    </div>,
  );
  const violations = await axeViolations(container);
  expect(violations.some((line) => line.startsWith('image-alt'))).toBe(true);
  expect(violations.some((line) => line.startsWith('button-name'))).toBe(true);
});
