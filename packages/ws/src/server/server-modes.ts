import type { Server as HttpServer } from 'node:http';
import type { AllowedHosts } from './host-check';
import type { RecallServerBaseOptions } from './server-options';

/**
 * Options for `createRecallServer`, in one of three modes: Recall listens itself (`port`),
 * attaches to your HTTP server (`server`), or neither (you call `handleUpgrade`). Attached
 * or routed, `allowedHosts` is required — a type error without it, and a `TypeError` at
 * runtime for callers without types.
 */
export type RecallServerOptions =
  | RecallServerListenOptions
  | RecallServerAttachOptions
  | RecallServerRoutedOptions;

/** Recall listens on its own port. */
export interface RecallServerListenOptions extends RecallServerBaseOptions {
  /** Listen on this port (0: any free port). Not together with `server`. */
  port: number;
  /** Interface to listen on with `port`. @default '127.0.0.1' */
  host?: string | undefined;
  server?: undefined;
}

/** Recall attaches to your HTTP server's `upgrade` event. */
export interface RecallServerAttachOptions extends RecallServerBaseOptions {
  /** Attach to this HTTP server's `upgrade` event. Not together with `port`. */
  server: HttpServer;
  /** Required here: the host names clients use to reach your server. */
  allowedHosts: AllowedHosts;
  port?: undefined;
  host?: undefined;
}

/** Neither `server` nor `port`: you route upgrades to `handleUpgrade` yourself. */
export interface RecallServerRoutedOptions extends RecallServerBaseOptions {
  /** Required here: the host names clients use to reach your server. */
  allowedHosts: AllowedHosts;
  server?: undefined;
  port?: undefined;
  host?: undefined;
}
