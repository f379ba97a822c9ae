import { render } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { beforeAll, describe, expect, test, vi } from 'vitest';
import { FormattedText, preloadKatex } from './formatted-text';

// happy-dom has no `compatMode`; a real page with a doctype reports standards mode, and
// KaTeX warns about quirks mode on import otherwise.
vi.hoisted(() => {
  if (document.compatMode === undefined) {
    Object.defineProperty(document, 'compatMode', { value: 'CSS1Compat', configurable: true });
  }
});

// KaTeX is loaded on first use; loaded up front, maths renders on the first render.
beforeAll(() => preloadKatex());

function renderText(text: string) {
  const { container } = render(<FormattedText text={text} />);
  const root = container.firstElementChild;
  if (!root) throw new Error('Nothing rendered.');
  return root;
}

describe('FormattedText', () => {
  test('plain text renders exactly as the bare text did before', () => {
    for (const text of [
      'Mycelium is a network of hyphae.',
      '  leading spaces,\nnew lines\n\nand <tags> & "quotes" stay text  ',
      'prices like $5 and $10 are not maths',
      '',
    ]) {
      const formatted = render(<FormattedText text={text} />).container.innerHTML;
      const before = render(<div data-formatted-text="">{text}</div>).container.innerHTML;
      expect(formatted).toBe(before);
    }
  });

  test('the root is a block element and passes props through', () => {
    const root = renderText('x');
    expect(root.tagName).toBe('DIV');
    const { container } = render(<FormattedText text="hi" className="message" lang="en" />);
    expect(container.innerHTML).toBe(
      '<div data-formatted-text="" class="message" lang="en">hi</div>',
    );
  });

  test('inline and block LaTeX render through KaTeX', () => {
    const root = renderText('Energy is $E = mc^2$, and $$\\int_0^1 x\\,dx = \\frac{1}{2}$$ holds.');
    const inline = root.querySelector('span[data-math="inline"]');
    const block = root.querySelector('div[data-math="block"]');
    expect(inline?.querySelector('.katex')).not.toBeNull();
    expect(inline?.querySelector('annotation')?.textContent).toBe('E = mc^2');
    expect(block?.querySelector('.katex-display')).not.toBeNull();
    expect(block?.querySelector('annotation')?.textContent).toBe('\\int_0^1 x\\,dx = \\frac{1}{2}');
    expect(root.textContent).toContain('Energy is ');
    expect(root.textContent).toContain(' holds.');
  });

  test('malformed LaTeX is shown raw with an error marker instead of crashing', () => {
    const root = renderText('Broken $\\frac{1}{$ here and $$\\begin{matrix}$$ too');
    const errors = root.querySelectorAll('[data-math="error"]');
    expect([...errors].map((element) => element.textContent)).toEqual([
      '$\\frac{1}{$',
      '$$\\begin{matrix}$$',
    ]);
    expect(errors[0]?.getAttribute('title')).toMatch(/KaTeX parse error/);
    expect(errors[1]?.tagName).toBe('DIV');
  });

  test('inline code and fenced code blocks', () => {
    const root = renderText('Call `len(items)` then:\n```python\nprint($x$)\n```');
    expect(root.querySelector('code[data-code="inline"]')?.textContent).toBe('len(items)');
    const block = root.querySelector('pre[data-code="block"] > code');
    expect(block?.textContent).toBe('print($x$)');
    expect(block?.getAttribute('data-language')).toBe('python');
    expect(root.querySelector('[data-math]')).toBeNull();
  });

  test('LaTeX cannot inject links or markup', () => {
    const root = renderText(
      '$\\href{javascript:alert(1)}{click}$ and $\\htmlId{x}{y}$ <img src=x>',
    );
    expect(root.querySelector('a')).toBeNull();
    expect(root.querySelector('img')).toBeNull();
    expect(root.querySelector('#x')).toBeNull();
    expect(root.textContent).toContain('<img src=x>');
  });

  test('renders on the server', () => {
    const html = renderToString(<FormattedText text="so $a^2$" />);
    expect(html).toContain('class="katex"');
    expect(html.startsWith('<div data-formatted-text="">')).toBe(true);
  });
});
