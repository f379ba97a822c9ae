import { type AddressInfo, createServer, type Server, Socket } from 'node:net';

/** Direction of bytes through the proxy: server → client or client → server. */
export type ProxyDirection = 's2c' | 'c2s';

interface Link {
  client: Socket;
  upstream: Socket;
  /** Bytes still allowed through per direction before the link is cut (`Infinity`: no limit). */
  budget: Record<ProxyDirection, number>;
  dropped: Record<ProxyDirection, boolean>;
  blackholed: boolean;
}

/** A loopback TCP proxy placed in front of a server so the client's URL never changes. */
export interface FaultProxy {
  readonly port: number;
  /** Number of live links. */
  readonly linkCount: number;
  /** Resets (RST) both sides of every live link. */
  cutAll(): void;
  /** Keeps every socket open but forwards nothing (a half-open link), also for new links. */
  blackhole(): void;
  /** Ends blackhole/refuse/drop modes; links that were blackholed are cut (they never recover). */
  heal(): void;
  /** Lets `bytes` more bytes through in `direction` on every live link, then cuts it (mid-frame). */
  cutAfter(bytes: number, direction: ProxyDirection): void;
  /** Silently drops every byte in `direction` on the live links (until they are cut). */
  dropDirection(direction: ProxyDirection): void;
  /** Stops reading from the server side (the server's send buffer fills: a slow consumer). */
  pauseReading(): void;
  resumeReading(): void;
  /** Resets every new connection at once (the server looks down); `heal()` accepts again. */
  refuse(): void;
  /** Sends new connections to another port (a restarted server or another node). */
  retarget(port: number): void;
  /** Count of bytes forwarded per direction since start. */
  readonly forwarded: Record<ProxyDirection, number>;
  close(): Promise<void>;
}

/**
 * Starts a fault-injection proxy on port 0 that forwards to `127.0.0.1:targetPort`.
 *
 * @example
 * const proxy = await startFaultProxy(serverPort);
 * const client = createRecallClient({ url: `ws://127.0.0.1:${proxy.port}/ws`, … });
 * proxy.cutAll();
 */
export async function startFaultProxy(targetPort: number): Promise<FaultProxy> {
  let target = targetPort;
  let refusing = false;
  let blackholing = false;
  let paused = false;
  const links = new Set<Link>();
  const forwarded: Record<ProxyDirection, number> = { s2c: 0, c2s: 0 };

  function destroyLink(link: Link): void {
    links.delete(link);
    link.client.resetAndDestroy();
    link.upstream.resetAndDestroy();
  }

  function forward(link: Link, direction: ProxyDirection, chunk: Buffer): void {
    if (link.blackholed || link.dropped[direction]) return;
    const destination = direction === 's2c' ? link.client : link.upstream;
    const budget = link.budget[direction];
    if (chunk.length >= budget) {
      const part = chunk.subarray(0, budget);
      forwarded[direction] += part.length;
      // Flush the allowed bytes, then reset both sides so the frame is torn.
      if (part.length > 0) destination.write(part, () => destroyLink(link));
      else destroyLink(link);
      link.budget[direction] = 0;
      return;
    }
    if (budget !== Number.POSITIVE_INFINITY) link.budget[direction] = budget - chunk.length;
    forwarded[direction] += chunk.length;
    destination.write(chunk);
  }

  const server: Server = createServer((client) => {
    client.on('error', () => {});
    if (refusing) {
      client.resetAndDestroy();
      return;
    }
    const upstream = new Socket();
    upstream.on('error', () => {});
    const link: Link = {
      client,
      upstream,
      budget: { s2c: Number.POSITIVE_INFINITY, c2s: Number.POSITIVE_INFINITY },
      dropped: { s2c: false, c2s: false },
      blackholed: blackholing,
    };
    links.add(link);
    client.pause();
    upstream.connect(target, '127.0.0.1', () => {
      if (!links.has(link)) return;
      client.resume();
      if (paused) upstream.pause();
    });
    client.on('data', (chunk: Buffer) => forward(link, 'c2s', chunk));
    upstream.on('data', (chunk: Buffer) => forward(link, 's2c', chunk));
    const close = () => {
      if (!links.has(link)) return;
      links.delete(link);
      client.destroy();
      upstream.destroy();
    };
    client.on('close', close);
    upstream.on('close', close);
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    port,
    get linkCount() {
      return links.size;
    },
    forwarded,
    cutAll() {
      for (const link of [...links]) destroyLink(link);
    },
    blackhole() {
      blackholing = true;
      for (const link of links) link.blackholed = true;
    },
    heal() {
      refusing = false;
      blackholing = false;
      for (const link of [...links]) {
        if (link.blackholed || link.dropped.c2s || link.dropped.s2c) destroyLink(link);
      }
    },
    cutAfter(bytes, direction) {
      for (const link of links) link.budget[direction] = bytes;
    },
    dropDirection(direction) {
      for (const link of links) link.dropped[direction] = true;
    },
    pauseReading() {
      paused = true;
      for (const link of links) link.upstream.pause();
    },
    resumeReading() {
      paused = false;
      for (const link of links) link.upstream.resume();
    },
    refuse() {
      refusing = true;
    },
    retarget(nextPort) {
      target = nextPort;
    },
    async close() {
      for (const link of [...links]) destroyLink(link);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
