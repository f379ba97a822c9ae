import { render } from '@testing-library/react';
import { expect, test, vi } from 'vitest';

// happy-dom has no `compatMode`; KaTeX warns about quirks mode on import otherwise.
vi.hoisted(() => {
  if (document.compatMode === undefined) {
    Object.defineProperty(document, 'compatMode', { value: 'CSS1Compat', configurable: true });
  }
});

// Nothing preloads KaTeX in this file: the first maths starts loading the real package. The
// project shares modules between files (isolate: false), so the module holding the loader is
// evaluated afresh here: another file may already have loaded KaTeX through it.
test('maths shows raw while KaTeX loads, then renders; text without maths never waits', async () => {
  vi.resetModules();
  const { FormattedText } = await import('./formatted-text');
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
