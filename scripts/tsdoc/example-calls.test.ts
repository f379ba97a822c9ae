import { describe, expect, it } from 'vitest';
import { calledNames, exampleBlocks, staleCallsIn, staleExampleCalls } from './example-calls';

// Names the examples call that the reader brings: their own app, their test runner, Node, msw,
// React DOM and the AI SDK's providers. Anything else an example calls must be exported by a
// package source, or it is documentation of an API that no longer exists.
const READERS_NAMES = new Set([
  'App',
  'MyTutorScreen',
  'fetchSessionLog',
  'redisTokenBucket',
  'respond',
  'setHeard',
  'show404',
  'stopReconnecting',
  'verifySessionCookie',
  'expect',
  'render',
  'readFile',
  'writeFile',
  'setupServer',
  'renderToString',
  'createOpenAICompatible',
]);

const PACKAGES = ['packages/core/src', 'packages/ws/src', 'packages/react/src'];

describe('TSDoc examples', () => {
  it('call only names the packages export (or the reader brings)', () => {
    expect(staleExampleCalls(PACKAGES, READERS_NAMES)).toEqual([]);
  });

  it('are read from every @example block, up to the next tag', () => {
    const text = [
      '/**',
      ' * Validates a frame.',
      ' *',
      ' * @example',
      ' * const result = parseServerMessage(raw);',
      ' * @example',
      ' * <Session.Root client={client} />',
      ' * @returns nothing',
      ' */',
    ].join('\n');
    const blocks = exampleBlocks('a.ts', text);
    expect(blocks.map((block) => calledNames(block.code))).toEqual([
      ['parseServerMessage'],
      ['Session'],
    ]);
  });

  it('flag a call of a removed function and spare bound, exported and global names', () => {
    const sources = [
      {
        file: 'parse.ts',
        text: [
          'export function parseServerMessage(raw: string) {}',
          'export { createSessionView as newView } from "./view";',
          '/**',
          ' * @example',
          ' * let state = newView();',
          ' * const fold = (value) => value;',
          ' * socket.onmessage = ({ data }) => {',
          ' *   const result = parseServerMessage(data); // calls no render(here)',
          ' *   if (result.ok) state = reduceClientState(state, fold(result.message));',
          ' *   console.log(JSON.stringify(state), "render()");',
          ' * };',
          ' */',
        ].join('\n'),
      },
    ];
    expect(staleCallsIn(sources, new Set())).toEqual([
      { file: 'parse.ts', name: 'reduceClientState' },
    ]);
  });
});
