// Recall's embedded default storage (Node): PGlite in a data directory, or in memory.
export { createPGliteStorage } from './create-pglite-storage';
export type { PGliteStorageOptions } from './create-pglite-storage';
