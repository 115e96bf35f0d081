import { randomUUID } from 'node:crypto';
import pg from 'pg';

/**
 * The writes of every process on one PostgreSQL, heard by this one: the tables whose statements
 * NOTIFY `table_writes` with their name (migration 0055: the projects list's tables) are told to the
 * subscribers when the writing transaction commits, whoever wrote. What a process keeps of those
 * tables (modules/project-list/page-cache.ts) is kept only while the feed is `live`.
 *
 * `live` means heard end to end, not merely connected: the feed sends a probe of its own through
 * the pool (`pg_notify` with a fresh token) when it starts listening and every `PROBE_EVERY_MS`, and
 * is live only while each is heard within `PROBE_WAIT_MS`. A connection that breaks, a probe not
 * heard (a transaction pooler in front of the database does not keep a LISTEN), or the feed closing
 * ends `live` at once and tells the subscribers that anything may have changed (`'*'`); it listens
 * again after a pause, and a feed that comes back tells them `'*'` too (what it missed meanwhile).
 */
export type WriteFeed = {
  readonly live: boolean;
  /** `table` is a table's name, or `'*'`: anything may have changed. */
  subscribe: (listener: (table: string) => void) => () => void;
  close: () => Promise<void>;
};

export const WRITES_CHANNEL = 'table_writes';
const PROBE_PREFIX = 'probe:';
const PROBE_EVERY_MS = 10_000;
const PROBE_WAIT_MS = 2_000;
const RETRY_MS = [1_000, 2_000, 5_000, 10_000, 30_000];

export type WriteFeedOptions = {
  /** A connection of its own (LISTEN holds it): the pool's settings. */
  connect: () => pg.Client;
  /** Sends a probe through the pool, as any write would travel. */
  probe: (token: string) => Promise<unknown>;
  onError?: (error: Error) => void;
  probeEveryMs?: number;
};

export const startWriteFeed = (options: WriteFeedOptions): WriteFeed => {
  const listeners = new Set<(table: string) => void>();
  const tell = (table: string) => {
    for (const listener of listeners) listener(table);
  };
  let live = false;
  let closed = false;
  let client: pg.Client | undefined;
  let failures = 0;
  let retry: NodeJS.Timeout | undefined;
  let probing: NodeJS.Timeout | undefined;
  const awaited = new Map<string, () => void>();

  const down = (error?: Error): Promise<void> => {
    if (error) options.onError?.(error);
    if (live) tell('*');
    live = false;
    clearInterval(probing);
    // A probe under way is not heard now: it ends unheard at its deadline.
    awaited.clear();
    const old = client;
    client = undefined;
    old?.removeAllListeners();
    old?.on('error', () => {});
    const ended = old ? old.end().catch(() => {}) : Promise.resolve();
    if (!closed && !retry) {
      const wait = RETRY_MS[Math.min(failures++, RETRY_MS.length - 1)]!;
      retry = setTimeout(() => {
        retry = undefined;
        void listen();
      }, wait);
      retry.unref();
    }
    return ended;
  };

  /** Whether a probe sent now through the pool reaches this listener in time. */
  const probeHeard = async () => {
    const token = `${PROBE_PREFIX}${randomUUID()}`;
    let heard = false;
    const arrived = new Promise<void>((resolve) => {
      awaited.set(token, () => {
        heard = true;
        resolve();
      });
      setTimeout(resolve, PROBE_WAIT_MS).unref();
    });
    try {
      await options.probe(token);
      await arrived;
    } catch {
      heard = false;
    } finally {
      awaited.delete(token);
    }
    return heard && !closed;
  };

  const check = async () => {
    if (!(await probeHeard()) && live) void down(new Error('the write feed did not hear its own probe'));
  };

  const listen = async () => {
    if (closed) return;
    const next = options.connect();
    client = next;
    next.on('error', (error) => {
      if (client === next) void down(error);
    });
    next.on('end', () => {
      if (client === next) void down(new Error('the write feed lost its connection'));
    });
    next.on('notification', ({ channel, payload }) => {
      if (channel !== WRITES_CHANNEL || !payload) return;
      if (payload.startsWith(PROBE_PREFIX)) awaited.get(payload)?.();
      else tell(payload);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${WRITES_CHANNEL}`);
      if (!(await probeHeard())) throw new Error('the write feed did not hear its own probe');
    } catch (error) {
      if (client === next) void down(error as Error);
      return;
    }
    if (client !== next || closed) return;
    failures = 0;
    live = true;
    // What was written while nobody listened is not known: everything may have changed.
    tell('*');
    probing = setInterval(() => void check(), options.probeEveryMs ?? PROBE_EVERY_MS);
    probing.unref();
  };

  void listen();
  return {
    get live() {
      return live;
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: async () => {
      closed = true;
      clearTimeout(retry);
      await down();
    },
  };
};
