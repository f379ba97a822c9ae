import type { Preview } from '@storybook/react-vite';

const preview: Preview = {
  parameters: {
    // Every story state is checked by axe; a violation fails the a11y test run.
    a11y: { test: 'error' },
    controls: { expanded: true },
  },
};

export default preview;
