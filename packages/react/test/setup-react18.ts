// Runs first in the react18 project. Packages that Node loads itself (react-dom-18's own
// `require('react')`, @testing-library/react) bypass Vite's aliases, so redirect the bare
// React names to the React 18 copies at the module-loader level as well.
import { registerHooks } from 'node:module';

const REDIRECTS: ReadonlyArray<[RegExp, string]> = [
  [/^react(\/.*)?$/, 'react-18'],
  [/^react-dom(\/.*)?$/, 'react-dom-18'],
];

registerHooks({
  resolve(specifier, context, nextResolve) {
    for (const [pattern, target] of REDIRECTS) {
      const match = pattern.exec(specifier);
      if (match) return nextResolve(`${target}${match[1] ?? ''}`, context);
    }
    return nextResolve(specifier, context);
  },
});
