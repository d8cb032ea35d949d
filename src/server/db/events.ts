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

/**
 * What `subscribe` answers: call it to unsubscribe. `listening` settles once `LISTEN` on the channel is
 * active, so that every event committed from then on reaches the listener; a caller that reads a starting
 * point (the latest change) must wait for it first, or a change committed in between reaches neither. It
 * rejects when `LISTEN` could not be started (the next subscription tries again); a caller that does not
 * wait for it never sees an unhandled rejection.
 */
export type Subscription = (() => void) & { readonly listening: Promise<void> };

export interface DatabaseEvents {
  /**
   * Calls `listener` with every payload sent on `channel`, and `onGap` when events may have been missed (the
   * listening connection dropped and came back), so the caller can catch up.
   */
  subscribe(channel: string, listener: EventListener, onGap?: () => void): Subscription;
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
  /** Per channel, the `LISTEN` started for it: every subscriber of the channel waits for the same one. */
  const listening = new Map<string, Promise<void>>();
  const listen = (channel: string): Promise<void> => {
    const known = listening.get(channel);
    if (known) return known;
    const started = listener.listen(channel);
    listening.set(channel, started);
    // A failed LISTEN is forgotten, so the next subscriber starts another; this also marks it handled.
    started.catch(() => {
      if (listening.get(channel) === started) listening.delete(channel);
    });
    return started;
  };
  let closed = false;

  return {
    subscribe(channel, onEvent, onGap) {
      if (closed) throw new Error('database events are closed');
      const name = checkedChannel(channel);
      let set = subscribers.get(name);
      if (!set) {
        set = new Set();
        subscribers.set(name, set);
      }
      const subscriber: Subscriber = { listener: onEvent, onGap };
      set.add(subscriber);
      const unsubscribe = () => {
        set.delete(subscriber);
      };
      return Object.assign(unsubscribe, { listening: listen(name) });
    },
    async close() {
      closed = true;
      subscribers.clear();
      await listener.close();
    },
  };
}

interface ChannelListener {
  /**
   * Starts listening on a channel and settles once `LISTEN` is active (the caller asks once per channel,
   * again only after a failure).
   */
  listen(channel: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * PGlite runs in this process: its `listen` calls back after the statement that notified, and answers once
 * its `LISTEN` statement has run (it may fail: the statement waits for PGlite's turn, which is bounded).
 */
function pgliteListener(
  handle: Extract<DatabaseHandle, { driver: 'pglite' }>,
  deliver: (channel: string, payload: string) => void,
): ChannelListener {
  const stops: Array<() => Promise<void>> = [];
  return {
    async listen(channel) {
      stops.push(await handle.client.listen(channel, (payload) => deliver(channel, payload)));
    },
    async close() {
      // PGlite may already be closed by the owner of the handle; its listeners go with it then.
      if (handle.client.closed) return;
      for (const stop of stops) await stop().catch(() => undefined);
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
  let connecting: Promise<pg.Client | undefined> | undefined;
  let failures = 0;
  let retry: NodeJS.Timeout | undefined;
  /** The connection in use dropped: events may have been missed, which subscribers hear once one is back. */
  let missed = false;
  let closed = false;

  const scheduleReconnect = (): void => {
    if (closed || retry) return;
    const delay = RECONNECT_DELAYS_MS[Math.min(failures, RECONNECT_DELAYS_MS.length - 1)] ?? 5000;
    failures += 1;
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, delay);
    retry.unref();
  };

  /** Opens a connection that listens on every channel asked for; answers it, or undefined when it failed. */
  const open = async (): Promise<pg.Client | undefined> => {
    const next = handle.unboundedClient();
    let dropped = false;
    const drop = (error?: Error): void => {
      if (dropped) return;
      dropped = true;
      if (client === next) {
        client = undefined;
        missed = true;
      }
      if (!closed) log.warn({ err: error }, 'event listener connection lost; reconnecting');
      next.end().catch(() => undefined);
      if (!client) scheduleReconnect();
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
      return undefined;
    }
    if (dropped) return undefined;
    if (closed) {
      await next.end().catch(() => undefined);
      return undefined;
    }
    client = next;
    failures = 0;
    if (missed) {
      missed = false;
      reportGap();
    }
    return next;
  };

  /**
   * The connection in use, or one attempt to open it at a time: a scheduled reconnect and a new channel's
   * first subscriber share the attempt rather than open two connections that would both deliver.
   */
  const connect = (): Promise<pg.Client | undefined> => {
    if (client) return Promise.resolve(client);
    clearTimeout(retry);
    retry = undefined;
    connecting ??= open().finally(() => {
      connecting = undefined;
    });
    return connecting;
  };

  return {
    async listen(channel) {
      channels.add(channel);
      const connected = await connect();
      if (!connected) throw new Error('the event listener connection could not be opened');
      // Listening twice on a channel is harmless, and this one is then sure to be on the connection in use
      // (one opened just before the channel was asked for would not have it).
      try {
        await connected.query(`listen "${channel}"`);
      } catch (error) {
        log.warn({ err: error, channel }, 'listen failed; reconnecting');
        // Its 'end' reconnects, and the new connection listens on every channel.
        connected.end().catch(() => undefined);
        throw error;
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
