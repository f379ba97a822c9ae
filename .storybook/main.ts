import type { StorybookConfig } from '@storybook/react-vite';

// Stories of @recall/react's headless components, each a real session in the page: an engine
// serving the real client through @recall/ws/testing's in-process transport (no server needed).
const config: StorybookConfig = {
  stories: ['../packages/react/src/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-a11y'],
  framework: { name: '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true },
  async viteFinal(viteConfig) {
    const { defaultClientConditions, mergeConfig } = await import('vite');
    // Workspace packages resolve to their TypeScript sources, as in tests: no build first.
    return mergeConfig(viteConfig, {
      resolve: { conditions: ['@recall/source', ...defaultClientConditions] },
    });
  },
};

export default config;
