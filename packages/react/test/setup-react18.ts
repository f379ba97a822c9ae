// Runs first in the react18 project. Packages that Node loads itself (react-dom's own
// `require('react')`, @testing-library/react) bypass Vite's aliases, so the bare React names
// resolve, at the module-loader level too, to the copies installed in the test/react18 workspace.
import { createRequire, registerHooks } from 'node:module';
import { pathToFileURL } from 'node:url';

const fromReact18Workspace = createRequire(
  `${import.meta.dirname}/../../../test/react18/package.json`,
);
const REACT = /^react(?:-dom)?(?:\/.*)?$/;
let resolving = false;
// Setup files run before every test file; with modules shared between files (isolate: false)
// the hook is registered once per worker process.
const REGISTERED = Symbol.for('recall.test.react18-hooks');
const processGlobals = globalThis as Record<symbol, boolean | undefined>;

if (!processGlobals[REGISTERED])
  registerHooks({
    resolve(specifier, context, nextResolve) {
      if (resolving || !REACT.test(specifier)) return nextResolve(specifier, context);
      resolving = true;
      try {
        return {
          url: pathToFileURL(fromReact18Workspace.resolve(specifier)).href,
          shortCircuit: true,
        };
      } finally {
        resolving = false;
      }
    },
  });
processGlobals[REGISTERED] = true;
