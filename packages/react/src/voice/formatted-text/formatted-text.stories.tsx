/// <reference types="vite/client" />
import type { Meta, StoryObj } from '@storybook/react-vite';
import 'katex/dist/katex.min.css';
import { FormattedText, preloadKatex } from './formatted-text';

const meta = {
  title: 'Voice/FormattedText',
  component: FormattedText,
  args: { text: '' },
  // KaTeX loads on first use; loaded before rendering, each story shows its maths at once.
  loaders: [preloadKatex],
  // A landmark around the text, as on a real page (axe checks that content is in one).
  decorators: [
    (Story) => (
      <main>
        <Story />
      </main>
    ),
  ],
} satisfies Meta<typeof FormattedText>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Plain text renders exactly as before, white space included (the app's CSS decides). */
export const PlainText: Story = {
  args: { text: 'Mycelium is the network of hyphae a fungus grows through soil.' },
};

/** Inline maths inside a sentence. */
export const InlineMath: Story = {
  args: { text: 'The area of a circle is $\\pi r^2$, so doubling $r$ quadruples it.' },
};

/** A display equation on its own line. */
export const BlockMath: Story = {
  args: { text: 'Bayes says $$P(A \\mid B) = \\frac{P(B \\mid A)\\,P(A)}{P(B)}$$ for any events.' },
};

/** Inline code and a fenced code block. */
export const Code: Story = {
  args: { text: 'Call `len(items)` first:\n```python\nfor item in items:\n    print(item)\n```' },
};

/** Everything together, as a voice transcript after the pipeline. */
export const Mixed: Story = {
  args: {
    text: 'ATP releases energy when its $\\gamma$-phosphate leaves: $$\\Delta G \\approx -30.5\\,\\text{kJ/mol}$$ and in code that is `delta_g = -30.5`.',
  },
};

/** LaTeX that does not parse is shown raw, marked with `data-math="error"`. */
export const MalformedLatex: Story = {
  args: { text: 'This fraction is broken: $\\frac{1}{$ but the rest of the text still shows.' },
};

/** Prices and lone dollar signs stay text. */
export const DollarsInProse: Story = {
  args: { text: 'It cost $5 and then $10, and a lone $ sign stays too.' },
};
