import type { Decorator, Preview } from '@storybook/react-vite';
import { createElement } from 'react';
import './recall-theme.css';

// The theme is optional: "unstyled" shows the components exactly as they ship.
const withTheme: Decorator = (Story, context) =>
  context.globals.recallTheme === 'unstyled'
    ? createElement(Story)
    : createElement('div', { className: 'recall-theme' }, createElement(Story));

const preview: Preview = {
  parameters: {
    // Every story state is checked by axe; a violation fails the a11y test run.
    a11y: { test: 'error' },
    controls: { expanded: true },
  },
  globalTypes: {
    recallTheme: {
      description: 'A small example theme (the components ship unstyled)',
      toolbar: {
        title: 'Theme',
        icon: 'paintbrush',
        items: [
          { value: 'styled', title: 'Example theme' },
          { value: 'unstyled', title: 'Unstyled' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { recallTheme: 'styled' },
  decorators: [withTheme],
};

export default preview;
