import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Subscription } from '../db/events.js';
import { sendLogoutEvent, sessionOf } from '../plugins/guards.js';
import { isSessionId, SESSION_ENDED_CHANNEL } from '../services/auth/session-events.js';
import { ServiceError } from './errors.js';
import type { StreamPlaces } from './stream-places.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The live event streams open on this instance, by user and session (lib/event-stream.ts). */
    eventStreams: EventStreams;
  }
}

/** A comment line this often keeps proxies and load balancers from closing an idle stream. */
const HEARTBEAT_MS = 25_000;
/**
 * A stream ends after this long at the latest and the browser opens a new one (EventSource reconnects by
 * itself, with `Last-Event-ID`): the new request checks the session again. A stream also ends when its session
 * does: at its absolute or idle end as known at the open, or at once when it is signed out or replaced on any
 * instance.
 */
const STREAM_LIFETIME_MS = 10 * 60_000;
/**
 * How long a user's place outlives its instance, should that instance die with the stream open: past a
 * stream's longest life, with a margin for a route's work before the stream opens.
 */
export const STREAM_PLACE_TTL_MS = STREAM_LIFETIME_MS + 60_000;
/** How soon the browser reconnects after a drop. */
const RETRY_MS = 2000;
/** Retry-After of a stream refused at a cap: places free up as tabs close, and the page tries again by itself. */
const CAPPED_RETRY_AFTER_SECONDS = 30;

/** The largest id a PostgreSQL `integer` (the `serial` of an event's row) holds. */
const MAX_EVENT_ID = 2_147_483_647;
const EVENT_ID_MESSAGE = 'must be the id of an event of this stream';

/**
 * The headers of a stream route: `Last-Event-ID`, sent by a reconnecting browser, is an id the stream sent, a
 * row id from 0 (a stream with no event yet says 0: everything) to 2^31-1; anything else is a 400.
 */
export const eventStreamHeadersSchema = z.object({
  'last-event-id': z
    .string()
    .regex(/^\d{1,10}$/, EVENT_ID_MESSAGE)
    .refine((id) => Number(id) <= MAX_EVENT_ID, EVENT_ID_MESSAGE)
    .optional(),
});

/** STREAMS_PER_USER (counted on every instance together) and STREAMS_PER_INSTANCE. */
export interface StreamLimits {
  perUser: number;
  perInstance: number;
}

export interface EventStream {
  /** Writes one event (`id:` when given, so a reconnecting browser sends it back as `Last-Event-ID`). */
  send(event: string, data: unknown, id?: number): void;
  end(): void;
  /** Runs once when the stream closes, whoever closed it. */
  onClose(cleanUp: () => void): void;
}

/** A place taken for one stream, from its claim (before the route's own work) until its response closes. */
export interface StreamSlot {
  /** The stream's route (`/api/tickets/events`), which the metrics count it under. */
  readonly stream: string;
  readonly userId: string;
  readonly sessionId: string;
  /** When the session ends at the latest, as known at the claim: its absolute end or its idle end. */
  readonly sessionEndsAt: number;
  /** The stream, once open. */
  response: ServerResponse | undefined;
  /** The session ended before the stream opened. */
  ended: boolean;
}

/** Who a stream is for; the slot's fields. */
type StreamOwner = Pick<StreamSlot, 'stream' | 'userId' | 'sessionId' | 'sessionEndsAt'>;

export interface EventStreams {
  readonly limits: StreamLimits;
  /**
   * Takes a place for a stream of `owner`, held until `response` closes; past a cap, says which one instead.
   */
  claim(owner: StreamOwner, response: ServerResponse): Promise<StreamSlot | 'user' | 'instance'>;
  /** Ends every stream of a session on this instance, open or about to open. */
  endSession(sessionId: string): void;
  /** How many streams are open (or claimed) on this instance, per stream route. */
  openByStream(): Map<string, number>;
}

function addTo(index: Map<string, Set<StreamSlot>>, key: string, slot: StreamSlot): void {
  const slots = index.get(key);
  if (slots) slots.add(slot);
  else index.set(key, new Set([slot]));
}

function removeFrom(index: Map<string, Set<StreamSlot>>, key: string, slot: StreamSlot): void {
  const slots = index.get(key);
  slots?.delete(slot);
  if (slots?.size === 0) index.delete(key);
}

function endSlot(slot: StreamSlot): void {
  if (slot.response) slot.response.end();
  else slot.ended = true;
}

/**
 * The registry of one app's streams. The instance cap is this instance's count; the user cap is counted in
 * `places`, shared by every instance (lib/stream-places.ts). Ended sessions are heard of from every instance through the database
 * (session-events.ts), from the first stream on: subscribing opens PostgreSQL's listening connection, which an
 * instance that serves no stream does not need. Should that connection drop, an ended session's streams on
 * this instance still end on their own schedule (ten minutes at most).
 */
function createEventStreams(
  app: FastifyInstance,
  limits: StreamLimits,
  places: StreamPlaces,
): EventStreams & { endAll(): Promise<void> } {
  const all = new Set<StreamSlot>();
  /** Each open slot's way to give its place back (once), awaited at shutdown. */
  const releases = new Map<StreamSlot, () => Promise<void>>();
  const bySession = new Map<string, Set<StreamSlot>>();
  let endedSessions: Subscription | undefined;

  const endSession = (sessionId: string): void => {
    for (const slot of bySession.get(sessionId) ?? []) endSlot(slot);
  };
  const hearEndedSessions = (): void => {
    if (endedSessions) return;
    try {
      const subscription = app.databaseEvents.subscribe(SESSION_ENDED_CHANNEL, (payload) => {
        if (isSessionId(payload)) endSession(payload);
      });
      endedSessions = subscription;
      // A LISTEN that failed is asked for again by the next stream.
      subscription.listening.catch(() => {
        subscription();
        if (endedSessions === subscription) endedSessions = undefined;
      });
    } catch (error) {
      app.log.warn({ err: error }, 'ended sessions cannot be heard of; streams end on their own schedule');
    }
  };

  return {
    limits,
    async claim(owner, response) {
      if (all.size >= limits.perInstance) return 'instance';
      const placeId = randomUUID();
      if (!(await places.take(owner.userId, placeId, limits.perUser))) return 'user';
      hearEndedSessions();
      const slot: StreamSlot = { ...owner, response: undefined, ended: false };
      all.add(slot);
      addTo(bySession, slot.sessionId, slot);
      let released: Promise<void> | undefined;
      const release = (): Promise<void> => {
        released ??= (async () => {
          all.delete(slot);
          releases.delete(slot);
          removeFrom(bySession, slot.sessionId, slot);
          await places.release(slot.userId, placeId).catch((error: unknown) => {
            app.log.warn(
              { err: error },
              'a live stream place could not be given back; it runs out on its own',
            );
          });
        })();
        return released;
      };
      releases.set(slot, release);
      response.once('close', () => void release());
      // The client may have gone while the place was being taken.
      if (response.destroyed) void release();
      return slot;
    },
    endSession,
    openByStream() {
      const counts = new Map<string, number>();
      for (const slot of all) counts.set(slot.stream, (counts.get(slot.stream) ?? 0) + 1);
      return counts;
    },
    async endAll() {
      // The places are given back before the database or Redis closes, not left to run out.
      const releasing = [...releases.values()];
      for (const slot of all) endSlot(slot);
      await Promise.all(releasing.map((release) => release()));
    },
  };
}

/**
 * The app's stream registry (`app.eventStreams`), with the caps, and the hook that ends open streams at
 * shutdown (an open stream would otherwise hold the close until its lifetime ends). Call once on the root app,
 * after its database events and sessions and before the routes.
 */
export function registerEventStreams(app: FastifyInstance, limits: StreamLimits, places: StreamPlaces): void {
  const streams = createEventStreams(app, limits, places);
  app.decorate('eventStreams', streams);
  app.addHook('preClose', async () => streams.endAll());
  app.addHook('onClose', async () => places.close());
}

/**
 * Takes a place for a stream of the request's session (the route has a session guard). Past
 * STREAMS_PER_USER or STREAMS_PER_INSTANCE it throws a 429 with Retry-After, an ordinary JSON answer: nothing
 * is hijacked yet. A route that works before it opens its stream claims first, so a refusal costs no work.
 */
export async function claimEventStream(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<StreamSlot> {
  const { user, session } = sessionOf(request);
  const sessionEndsAt = Math.min(
    session.expiresAt.getTime(),
    session.lastSeenAt.getTime() + app.sessionPolicy.idleMs,
  );
  const stream = request.routeOptions.url ?? request.url.split('?')[0] ?? request.url;
  const slot = await app.eventStreams.claim(
    { stream, userId: user.id, sessionId: session.id, sessionEndsAt },
    reply.raw,
  );
  if (typeof slot !== 'string') return slot;
  reply.header('retry-after', String(CAPPED_RETRY_AFTER_SECONDS));
  if (slot === 'user') {
    throw new ServiceError(
      'RATE_LIMITED',
      `You already have ${app.eventStreams.limits.perUser} live updates open, the most one account may have. ` +
        'Close some portal tabs, or try again in a minute.',
    );
  }
  request.log.warn({ limit: app.eventStreams.limits.perInstance }, 'live event streams at the instance cap');
  throw new ServiceError(
    'RATE_LIMITED',
    'The portal has as many live updates open as it can take. Please try again in a minute.',
  );
}

/**
 * Turns a reply into a `text/event-stream` (server-sent events) with a heartbeat and a bounded lifetime, in
 * the place `slot` holds (claimEventStream, before the route's own work). A session that ended since the
 * claim gets the logout answer instead, and the stream returned writes nothing.
 */
export function openEventStream(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  slot: StreamSlot,
): EventStream {
  const stream = reply.raw;
  let closed = false;
  stream.once('close', () => (closed = true));
  const onClose = (cleanUp: () => void): void => {
    if (closed) cleanUp();
    else stream.once('close', cleanUp);
  };
  if (slot.ended) {
    void sendLogoutEvent(reply);
    return { send: () => undefined, end: () => undefined, onClose };
  }
  reply.hijack();
  stream.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    // nginx and similar proxies would otherwise hold the events back in their buffer.
    'x-accel-buffering': 'no',
  });
  slot.response = stream;
  // Nothing is written once the stream is ended (by its lifetime, a logout), whatever still arrives for it.
  const write = (text: string): void => {
    if (!stream.writableEnded) stream.write(text);
  };
  write(`retry: ${RETRY_MS}\n\n`);
  const heartbeat = setInterval(() => write(': keep-alive\n\n'), HEARTBEAT_MS);
  const lifetime = setTimeout(
    () => stream.end(),
    Math.max(0, Math.min(STREAM_LIFETIME_MS, slot.sessionEndsAt - Date.now())),
  );
  onClose(() => {
    clearInterval(heartbeat);
    clearTimeout(lifetime);
  });
  return {
    send: (event, data, id) => {
      if (stream.writableEnded) return;
      write(`${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      app.metrics.liveEventSent(slot.stream, event);
    },
    end: () => stream.end(),
    onClose,
  };
}

/**
 * Passes the events of a database channel (db/events.ts) on to a stream: each payload that `schema` accepts goes
 * to `onEvent` (one it refuses is dropped), and a gap in this instance's listening connection becomes
 * `event: resync` (the page reloads what it shows). The subscription ends with the stream; a caller that reads
 * a starting point waits for its `listening` first.
 */
export function relayChannel<T>(
  app: FastifyInstance,
  stream: EventStream,
  channel: string,
  schema: z.ZodType<T>,
  onEvent: (event: T) => void,
): Subscription {
  const subscription = app.databaseEvents.subscribe(
    channel,
    (payload) => {
      const parsed = schema.safeParse(JSON.parse(payload));
      if (parsed.success) onEvent(parsed.data);
    },
    () => stream.send('resync', { reason: 'events may have been missed' }),
  );
  stream.onClose(subscription);
  return subscription;
}
