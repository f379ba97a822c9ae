import { render } from '@testing-library/react';
import { expect, test, vi } from 'vitest';
import { FormattedText } from './formatted-text';

// happy-dom has no `compatMode`; KaTeX warns about quirks mode on import otherwise.
vi.hoisted(() => {
  if (document.compatMode === undefined) {
    Object.defineProperty(document, 'compatMode', { value: 'CSS1Compat', configurable: true });
  }
});

// Nothing preloads KaTeX in this file: the first maths starts loading the real package.
test('maths shows raw while KaTeX loads, then renders; text without maths never waits', async () => {
  const plain = render(<FormattedText text="no maths, `code` only" />).container;
  expect(plain.querySelector('code')?.textContent).toBe('code');

  const { container } = render(<FormattedText text="Energy is $E = mc^2$." />);
  const loading = container.querySelector('span[data-math="loading"]');
  expect(loading?.textContent).toBe('$E = mc^2$');

  await vi.waitFor(() => {
    expect(container.querySelector('span[data-math="inline"] .katex annotation')?.textContent).toBe(
      'E = mc^2',
    );
  });
  expect(container.querySelector('[data-math="loading"]')).toBeNull();
});
