import { registerHooks } from 'node:module';

// vitest hands its resolve conditions (`import`, `module`, …) to Node for external packages,
// so a CommonJS `require('pg-pool')` inside `pg` picks pg-pool's ESM build and `pg` fails to
// load. Import this module before `pg` in tests: requires resolve with CommonJS conditions.
// (Plain Node — the child scripts, the benchmark, applications — is unaffected.)
registerHooks({
  resolve(specifier, context, nextResolve) {
    if (!context.conditions.includes('require')) return nextResolve(specifier, context);
    const conditions = context.conditions.filter(
      (condition) => condition !== 'import' && condition !== 'module',
    );
    return nextResolve(specifier, { ...context, conditions });
  },
});
