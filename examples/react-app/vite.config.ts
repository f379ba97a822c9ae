import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

// The demo server (npm run demo:server) answers /api, /media and the /ws WebSocket.
const server = process.env.RECALL_DEMO_SERVER ?? 'http://127.0.0.1:8787';

export default defineConfig({
  plugins: [react()],
  // Workspace packages resolve to their TypeScript sources: no package build needed first.
  resolve: { conditions: ['@recall/source', ...defaultClientConditions] },
  // `npm run dev -w @recall/example-react-app` for hot reload against a running demo server.
  server: {
    proxy: {
      '/api': server,
      '/media': server,
      '/ws': { target: server.replace(/^http/, 'ws'), ws: true },
    },
  },
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 1024 },
});
