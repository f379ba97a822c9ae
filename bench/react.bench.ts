// Render-efficiency and bundle-size benchmark of @recall/react.
//   (a) Renders while 1,000 chunks of one reply stream in, 10 chunks per animation frame:
//       a progress-only subscriber and SessionProgress must render 0 extra times; the
//       message list at most once per frame (and, unthrottled, once per chunk for contrast).
//   (b) Bundle size of an app importing every export of @recall/react and createRecallClient
//       (react/react-dom external, gzip): from the packed tarballs installed outside the
//       workspace, with esbuild and with `vite build`; then from the sources.
// Run: npm run bench -- react
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { Window } from 'happy-dom';
import {
  APP_ENTRY,
  BUNDLE_BUDGET_GZIP_BYTES,
  measurePackedBundles,
} from '../scripts/bundle/packed-bundle';

const CHUNKS = 1_000;
const CHUNKS_PER_FRAME = 10;
const root = join(import.meta.dirname, '..');

// --- a DOM, and animation frames we advance by hand ------------------------------------
const window = new Window({ url: 'http://localhost/' });
const pendingFrames: FrameRequestCallback[] = [];
const globals = {
  window,
  document: window.document,
  navigator: window.navigator,
  HTMLElement: window.HTMLElement,
  Node: window.Node,
  Element: window.Element,
  Event: window.Event,
  localStorage: window.localStorage,
  IS_REACT_ACT_ENVIRONMENT: true,
  requestAnimationFrame: (callback: FrameRequestCallback) => pendingFrames.push(callback),
  cancelAnimationFrame: () => {},
};
// defineProperty: Node 24 already has a getter-only global `navigator`.
for (const [name, value] of Object.entries(globals)) {
  Object.defineProperty(globalThis, name, { value, configurable: true, writable: true });
}

const { Profiler, act, createElement: h } = await import('react');
const { createRoot } = await import('react-dom/client');
const react = await import('@recall/react');
const { createTestSession } = await import('@recall/react/testing');

function runFrame() {
  const callbacks = pendingFrames.splice(0);
  for (const callback of callbacks) callback(performance.now());
}

interface RenderCounts {
  progressHook: number;
  sessionProgress: number;
  messageList: number;
  sessionHook: number;
  frames: number;
  ms: number;
}

async function measure(throttleMs: 'frame' | 0): Promise<RenderCounts> {
  // A real client, engine and transport in-process; the bench streams the reply itself.
  const session = createTestSession({ fixture: 'recalled' });
  await session.ready;
  await session.append(
    'assistant_streaming_start',
    { responseId: 'bench', agent: 'tutor' },
    { responseId: 'bench' },
  );
  const { client } = session;
  const counts = { progressHook: 0, sessionProgress: 0, messageList: 0, sessionHook: 0 };
  function ProgressProbe() {
    counts.progressHook += 1;
    react.useRecallProgress();
    return null;
  }
  function SessionProbe() {
    counts.sessionHook += 1;
    react.useRecallSession();
    return null;
  }
  const count = (key: 'sessionProgress' | 'messageList') => () => {
    counts[key] += 1;
  };
  const container = window.document.createElement('div');
  window.document.body.append(container);
  const rootNode = createRoot(container as unknown as Element);
  await act(async () => {
    rootNode.render(
      h(
        react.RecallProvider,
        { client, throttleMs },
        h(ProgressProbe),
        h(SessionProbe),
        h(
          Profiler,
          { id: 'progress', onRender: count('sessionProgress') },
          h(react.SessionProgress.Root),
        ),
        h(Profiler, { id: 'list', onRender: count('messageList') }, h(react.MessageList.Root)),
      ),
    );
  });
  const before = { ...counts };
  let frames = 0;
  const started = performance.now();
  for (let index = 0; index < CHUNKS; index += 1) {
    await act(async () => {
      session.emit({
        kind: 'delta',
        delta: { sessionId: session.sessionId, responseId: 'bench', index, text: `word${index} ` },
      });
    });
    if ((index + 1) % CHUNKS_PER_FRAME === 0) {
      frames += 1;
      await act(async () => runFrame());
    }
  }
  const ms = performance.now() - started;
  const text = container.querySelector('[role="log"]')?.lastElementChild?.textContent ?? '';
  if (!text.includes(`word${CHUNKS - 1}`)) throw new Error('the list did not show the last chunk');
  await act(async () => rootNode.unmount());
  container.remove();
  await session.close();
  return {
    progressHook: counts.progressHook - before.progressHook,
    sessionProgress: counts.sessionProgress - before.sessionProgress,
    messageList: counts.messageList - before.messageList,
    sessionHook: counts.sessionHook - before.sessionHook,
    frames,
    ms,
  };
}

const throttled = await measure('frame');
const unthrottled = await measure(0);

// --- bundle size --------------------------------------------------------------------------
// What an app pays: every export of @recall/react plus createRecallClient, measured from the
// packed tarballs installed outside the workspace (esbuild and a real `vite build`), then from
// the sources (the `@recall/source` condition) for the by-package breakdown.
const packed = await measurePackedBundles({ build: true });

interface BundleMeasure {
  minifiedBytes: number;
  gzipBytes: number;
  /** Minified-output bytes by source package. */
  byPackage: Map<string, number>;
}

function packageOf(path: string): string {
  if (path.includes('packages/react/')) return '@recall/react';
  if (path.includes('packages/ws/')) return '@recall/ws';
  if (path.includes('packages/core/')) return '@recall/core';
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path);
  return match?.[1] ?? path;
}

async function bundleSources(contents: string): Promise<BundleMeasure> {
  const result = await build({
    stdin: { contents, resolveDir: root, loader: 'ts', sourcefile: 'app.ts' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    conditions: ['@recall/source'],
    external: ['react', 'react-dom', 'react/jsx-runtime'],
    define: { 'process.env.NODE_ENV': '"production"' },
    write: false,
    metafile: true,
    logLevel: 'error',
  });
  const output = result.outputFiles[0];
  if (!output) throw new Error('esbuild produced no output');
  const byPackage = new Map<string, number>();
  for (const meta of Object.values(result.metafile.outputs)) {
    for (const [input, { bytesInOutput }] of Object.entries(meta.inputs)) {
      const name = packageOf(input);
      byPackage.set(name, (byPackage.get(name) ?? 0) + bytesInOutput);
    }
  }
  return {
    minifiedBytes: output.contents.byteLength,
    gzipBytes: gzipSync(output.contents, { level: 9 }).byteLength,
    byPackage,
  };
}

const sources = await bundleSources(APP_ENTRY);

// --- report -------------------------------------------------------------------------------
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
function table(header: readonly string[], rows: readonly (readonly string[])[]) {
  const widths = header.map((_, column) =>
    Math.max(...[header, ...rows].map((row) => row[column]?.length ?? 0)),
  );
  const line = (row: readonly string[]) =>
    row
      .map((cell, column) =>
        column === 0 ? cell.padEnd(widths[0] ?? 0) : cell.padStart(widths[column] ?? 0),
      )
      .join('   ');
  console.log(line(header));
  for (const row of rows) console.log(line(row));
}

console.log(
  `Renders while ${CHUNKS} chunks stream (${CHUNKS_PER_FRAME} per animation frame = ${throttled.frames} frames)`,
);
table(
  ['subscriber', "throttleMs 'frame' (default)", 'throttleMs 0'],
  [
    [
      'useRecallProgress (target 0)',
      String(throttled.progressHook),
      String(unthrottled.progressHook),
    ],
    [
      'SessionProgress.Root (target 0)',
      String(throttled.sessionProgress),
      String(unthrottled.sessionProgress),
    ],
    [
      `MessageList.Root (target ≤ ${throttled.frames})`,
      String(throttled.messageList),
      String(unthrottled.messageList),
    ],
    ['useRecallSession', String(throttled.sessionHook), String(unthrottled.sessionHook)],
    [
      'wall time for the stream',
      `${throttled.ms.toFixed(0)} ms`,
      `${unthrottled.ms.toFixed(0)} ms`,
    ],
  ],
);
const renderTargetsMet =
  throttled.progressHook === 0 &&
  throttled.sessionProgress === 0 &&
  throttled.messageList <= throttled.frames;
console.log(`render targets: ${renderTargetsMet ? 'met' : 'NOT met'}`);

console.log(
  '\nBundle: every export of @recall/react + createRecallClient (minified, browser, react external)',
);
table(
  ['measured from', 'minified', 'gzip', 'zod'],
  [
    ...packed.map((figure) => [
      `packed tarballs, ${figure.bundler === 'vite' ? 'vite build' : 'esbuild'}`,
      kb(figure.minifiedBytes),
      kb(figure.gzipBytes),
      figure.containsZod ? 'yes' : 'no',
    ]),
    ['sources (@recall/source), esbuild', kb(sources.minifiedBytes), kb(sources.gzipBytes), '-'],
  ],
);
console.log('\nMinified bytes by package (sources)');
table(
  ['package', 'minified'],
  [...sources.byPackage.entries()]
    .filter(([name]) => name !== 'app.ts')
    .sort(([, a], [, b]) => b - a)
    .map(([name, bytes]) => [name, kb(bytes)]),
);
const largest = Math.max(...packed.map((figure) => figure.gzipBytes));
console.log(
  `bundle target ≤ ${kb(BUNDLE_BUDGET_GZIP_BYTES)} gzip from the tarballs: ${largest <= BUNDLE_BUDGET_GZIP_BYTES ? 'met' : 'NOT met'}`,
);
await window.happyDOM.close();
