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
      // Labels the call stack, the task queue (timers included), the microtask queue drained
      // first and rendering between tasks: it answers every point of the set.
      linkedPoints: [
        { point: 0, relevance: 'Shows the single call stack.' },
        { point: 1, relevance: 'Shows timer and I/O callbacks waiting in the task queue.' },
        { point: 2, relevance: 'Shows the microtask queue drained first.' },
        { point: 3, relevance: 'Puts timers in the task queue, after the microtasks.' },
        { point: 4, relevance: 'Shows rendering between tasks.' },
      ],
    },
    {
      key: 'ordering-example',
      kind: 'text',
      title: 'Which log comes first?',
      content:
        "console.log('a'); setTimeout(() => console.log('b'), 0); Promise.resolve().then(() => console.log('c')); console.log('d'); — the synchronous logs run first on the call stack, then the microtask queue is drained, and only then does the event loop take the timer's task. A page that runs a 200 ms loop in one task cannot paint or respond to clicks until the loop ends, which is why long work is split up or moved to a worker.",
      license: 'CC0-1.0',
      source: 'Written for the Recall demo',
      // Walks through the stack, the microtasks, the timer's task and a long task that blocks
      // painting: every point of the set.
      linkedPoints: [
        { point: 0, relevance: 'The synchronous logs run first, on the call stack.' },
        { point: 1, relevance: "The timer's callback waits for its task." },
        { point: 2, relevance: 'The microtask queue is drained before the timer.' },
        { point: 3, relevance: 'A zero-delay timer still runs last.' },
        { point: 4, relevance: 'Explains why long tasks block rendering.' },
      ],
    },
  ],
};
