import type { SeedRecallSet } from './seed-types';

/** A programming concept: how the JavaScript event loop schedules work. */
export const eventLoop: SeedRecallSet = {
  id: 'javascript-event-loop',
  name: 'The JavaScript event loop',
  description: 'Call stack, tasks and microtasks — why a promise callback runs before a timer.',
  supplementaryGuidelines:
    'Short code snippets are fine as hints, but never print the output of the snippet.',
  points: [
    {
      content: 'JavaScript runs on a single call stack, one function at a time.',
      context: 'Run-to-completion: a function is never interrupted by another callback.',
    },
    {
      content:
        'Callbacks from timers and I/O wait in the task queue until the call stack is empty.',
      context: 'Also called the macrotask queue; the event loop takes one task per turn.',
    },
    {
      content: 'Promise callbacks are microtasks, which all run before the next task.',
      context:
        'queueMicrotask and MutationObserver also use the microtask queue; it is drained fully.',
    },
    {
      content: 'setTimeout with zero milliseconds still waits for a later task.',
      context: 'Browsers also clamp nested timers to about 4 ms.',
    },
    {
      content: 'The browser renders between tasks, so a long task freezes the page.',
      context:
        'Split long work into chunks or move it to a Web Worker to keep the page responsive.',
    },
  ],
  resources: [
    {
      key: 'diagram',
      kind: 'image',
      title: 'Stack, microtasks and tasks',
      url: '/media/event-loop.svg',
      mimeType: 'image/svg+xml',
      caption: 'The stack empties, microtasks drain, then one task runs.',
      license: 'CC0-1.0',
      source: 'Drawn for the Recall demo',
      linkedPoints: [{ point: 2, relevance: 'Shows the microtask queue drained first.' }],
    },
    {
      key: 'ordering-example',
      kind: 'text',
      title: 'Which log comes first?',
      content:
        "console.log('a'); setTimeout(() => console.log('b'), 0); Promise.resolve().then(() => console.log('c')); console.log('d'); — the synchronous logs run first on the call stack, then the microtask queue is drained, and only then does the event loop take the timer's task. A page that runs a 200 ms loop in one task cannot paint or respond to clicks until the loop ends, which is why long work is split up or moved to a worker.",
      license: 'CC0-1.0',
      source: 'Written for the Recall demo',
      linkedPoints: [
        { point: 3 },
        { point: 4, relevance: 'Explains why long tasks block rendering.' },
      ],
    },
  ],
};
