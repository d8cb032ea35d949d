import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** A comment line this often keeps proxies and load balancers from closing an idle stream. */
const HEARTBEAT_MS = 25_000;
/**
 * A stream ends after this long and the browser opens a new one (EventSource reconnects by itself, with
 * `Last-Event-ID`): the new request checks the session again, so a signed-out user stops receiving.
 */
const STREAM_LIFETIME_MS = 10 * 60_000;
/** How soon the browser reconnects after a drop. */
const RETRY_MS = 2000;

export interface EventStream {
  /** Writes one event (`id:` when given, so a reconnecting browser sends it back as `Last-Event-ID`). */
  send(event: string, data: unknown, id?: number): void;
  end(): void;
  /** Runs once when the stream closes, whoever closed it. */
  onClose(cleanUp: () => void): void;
}

const openStreams = new WeakMap<FastifyInstance, Set<ServerResponse>>();

/** Ends every open stream of this app before it waits for its connections (an open stream never ends). */
function streamsOf(app: FastifyInstance): Set<ServerResponse> {
  let streams = openStreams.get(app);
  if (!streams) {
    const created = new Set<ServerResponse>();
    openStreams.set(app, created);
    app.addHook('preClose', async () => {
      for (const stream of created) stream.end();
    });
    streams = created;
  }
  return streams;
}

/**
 * Turns a reply into a `text/event-stream` (server-sent events) with a heartbeat and a bounded lifetime.
 * Call {@link registerEventStreams} on the app first, while it can still take hooks.
 */
export function openEventStream(app: FastifyInstance, reply: FastifyReply): EventStream {
  const streams = streamsOf(app);
  reply.hijack();
  const stream = reply.raw;
  stream.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    // nginx and similar proxies would otherwise hold the events back in their buffer.
    'x-accel-buffering': 'no',
  });
  streams.add(stream);
  stream.write(`retry: ${RETRY_MS}\n\n`);
  const heartbeat = setInterval(() => stream.write(': keep-alive\n\n'), HEARTBEAT_MS);
  const lifetime = setTimeout(() => stream.end(), STREAM_LIFETIME_MS);
  stream.on('close', () => {
    clearInterval(heartbeat);
    clearTimeout(lifetime);
    streams.delete(stream);
  });
  return {
    send: (event, data, id) =>
      void stream.write(
        `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`,
      ),
    end: () => stream.end(),
    onClose: (cleanUp) => stream.on('close', cleanUp),
  };
}

/** Registers the hook that ends open streams at shutdown; call in the plugin, before the app is ready. */
export function registerEventStreams(app: FastifyInstance): void {
  streamsOf(app);
}
