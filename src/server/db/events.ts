import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { DatabaseHandle } from './client.js';

/**
 * Events between instances through the database itself (PostgreSQL `LISTEN/NOTIFY`), so several instances on
 * one database need no broker of their own (the brief). A writer sends with `pg_notify(channel, payload)` in
 * the transaction of its write, so an event is delivered only once the write is committed, to every instance
 * listening, its own included. On PGlite the same statements work within the one process.
 */

export type EventListener = (payload: string) => void;

export interface DatabaseEvents {
  /**
   * Calls `listener` with every payload sent on `channel`, and `onGap` when events may have been missed (the
   * listening connection dropped and came back), so the caller can catch up. Answers the unsubscribe.
   */
  subscribe(channel: string, listener: EventListener, onGap?: () => void): () => void;
  close(): Promise<void>;
}

/** Channel names are SQL identifiers in `LISTEN`: keep them to a fixed, quotable form. */
function checkedChannel(channel: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) throw new Error(`bad event channel name: ${channel}`);
  return channel;
}

/** The wait before reconnecting the listening connection, doubled per failure up to the last value. */
const RECONNECT_DELAYS_MS = [250, 500, 1000, 2000, 5000];

interface Subscriber {
  listener: EventListener;
  onGap: (() => void) | undefined;
}

export function createDatabaseEvents(handle: DatabaseHandle, log: FastifyBaseLogger): DatabaseEvents {
  const subscribers = new Map<string, Set<Subscriber>>();
  const deliver = (channel: string, payload: string): void => {
    for (const subscriber of subscribers.get(channel) ?? []) {
      try {
        subscriber.listener(payload);
      } catch (error) {
        log.error({ err: error, channel }, 'event listener failed');
      }
    }
  };
  const reportGap = (): void => {
    for (const set of subscribers.values()) for (const subscriber of set) subscriber.onGap?.();
  };
  const listener =
    handle.driver === 'pglite'
      ? pgliteListener(handle, deliver)
      : postgresListener(handle, deliver, reportGap, log);
  let closed = false;

  return {
    subscribe(channel, onEvent, onGap) {
      if (closed) throw new Error('database events are closed');
      const name = checkedChannel(channel);
      let set = subscribers.get(name);
      if (!set) {
        set = new Set();
        subscribers.set(name, set);
        listener.listen(name);
      }
      const subscriber: Subscriber = { listener: onEvent, onGap };
      set.add(subscriber);
      return () => {
        set.delete(subscriber);
      };
    },
    async close() {
      closed = true;
      subscribers.clear();
      await listener.close();
    },
  };
}

interface ChannelListener {
  /** Starts listening on a channel (idempotent per channel, called once by the caller). */
  listen(channel: string): void;
  close(): Promise<void>;
}

/** PGlite runs in this process: its `listen` calls back after the statement that notified. */
function pgliteListener(
  handle: Extract<DatabaseHandle, { driver: 'pglite' }>,
  deliver: (channel: string, payload: string) => void,
): ChannelListener {
  const stops: Array<Promise<() => Promise<void>>> = [];
  return {
    listen(channel) {
      stops.push(handle.client.listen(channel, (payload) => deliver(channel, payload)));
    },
    async close() {
      // PGlite may already be closed by the owner of the handle; its listeners go with it then.
      if (handle.client.closed) return;
      for (const stop of await Promise.all(stops)) await stop().catch(() => undefined);
    },
  };
}

/**
 * One connection of its own (a pooled one would be handed to other queries between notifications) that
 * listens on every channel asked for; when it drops it is opened again after a growing delay, and every
 * subscriber is told that events may have been missed.
 */
function postgresListener(
  handle: Extract<DatabaseHandle, { driver: 'postgres' }>,
  deliver: (channel: string, payload: string) => void,
  reportGap: () => void,
  log: FastifyBaseLogger,
): ChannelListener {
  const channels = new Set<string>();
  let client: pg.Client | undefined;
  let connecting: Promise<void> | undefined;
  let failures = 0;
  let retry: NodeJS.Timeout | undefined;
  let closed = false;

  const scheduleReconnect = (): void => {
    if (closed || retry) return;
    const delay = RECONNECT_DELAYS_MS[Math.min(failures, RECONNECT_DELAYS_MS.length - 1)] ?? 5000;
    failures += 1;
    retry = setTimeout(() => {
      retry = undefined;
      void connect(true);
    }, delay);
    retry.unref();
  };

  const connect = async (afterDrop: boolean): Promise<void> => {
    const next = handle.unboundedClient();
    let dropped = false;
    const drop = (error?: Error): void => {
      if (dropped) return;
      dropped = true;
      if (client === next) client = undefined;
      if (!closed) log.warn({ err: error }, 'event listener connection lost; reconnecting');
      next.end().catch(() => undefined);
      scheduleReconnect();
    };
    next.on('error', drop);
    next.on('end', () => drop());
    next.on('notification', (message) => {
      if (message.payload !== undefined) deliver(message.channel, message.payload);
    });
    try {
      await next.connect();
      for (const channel of channels) await next.query(`listen "${channel}"`);
    } catch (error) {
      drop(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    failures = 0;
    if (afterDrop) reportGap();
  };

  return {
    listen(channel) {
      channels.add(channel);
      if (client) {
        client.query(`listen "${channel}"`).catch((error: unknown) => {
          log.warn({ err: error, channel }, 'listen failed; reconnecting');
          client?.end().catch(() => undefined);
        });
      } else {
        connecting ??= connect(false).finally(() => {
          connecting = undefined;
        });
      }
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      await connecting;
      await client?.end().catch(() => undefined);
      client = undefined;
    },
  };
}
