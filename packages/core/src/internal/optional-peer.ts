import { RecallError } from '../errors/recall-error';

/** What {@link importOptionalPeer} needs to know about one optional peer dependency. */
export interface OptionalPeer<T> {
  /** The npm package to install, e.g. `pg`. */
  packageName: string;
  /** What needs it, for the message, e.g. `createPostgresStorage`. */
  usedBy: string;
  /**
   * Imports it, written out as `() => import('pg')` so bundlers see the specifier. Subpaths
   * of the package (`@anthropic-ai/sdk/helpers/zod`) count as the package.
   */
  load: () => Promise<T>;
}

/**
 * Imports an optional peer dependency when it is first needed, so that a missing one fails with
 * a `RecallError` (`PEER_DEPENDENCY_MISSING`) that names the package to install, instead of an
 * import error raised before any of our code runs. Other failures (a broken install, a module
 * that throws while loading) are rethrown as they are.
 */
export async function importOptionalPeer<T>(peer: OptionalPeer<T>): Promise<T> {
  try {
    return await peer.load();
  } catch (error) {
    if (!isNotInstalled(error, peer.packageName)) throw error;
    throw new RecallError(
      'PEER_DEPENDENCY_MISSING',
      `${peer.usedBy} needs the optional peer dependency "${peer.packageName}", which is not installed. Install it with: npm install ${peer.packageName}`,
      { cause: error },
    );
  }
}

/**
 * Node's "not found" for the package itself: ESM says `Cannot find package 'pg' imported from …`,
 * CommonJS says `Cannot find module 'pg'` (or `'pg/sub/path'`). A missing file inside an
 * installed package names an absolute path instead, and is not "not installed".
 */
function isNotInstalled(error: unknown, packageName: string): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (code !== 'ERR_MODULE_NOT_FOUND' && code !== 'MODULE_NOT_FOUND') return false;
  const escaped = packageName.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  return new RegExp(`['"]${escaped}(?:/[^'"]*)?['"]`).test(error.message);
}
