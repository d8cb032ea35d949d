import type { ServerResponse } from 'node:http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiPaths } from '../../../common/api-paths.js';
import { apiErrorSchema } from '../../../common/contracts/api-error.js';
import { noticeEventSchema, type NoticeEvent } from '../../../common/contracts/notices.js';
import { authorize } from '../../plugins/guards.js';
import { NOTICE_CHANNEL } from '../../services/notices/notice-events.js';
import { CATCH_UP_LIMIT, changesAfter, latestChangeSeq } from '../../services/notices/notices.js';
import { readRefusals } from './refusals.js';

/** A comment line this often keeps proxies and load balancers from closing an idle stream. */
const HEARTBEAT_MS = 25_000;
/**
 * A stream ends after this long and the browser opens a new one (EventSource reconnects by itself, with
 * `Last-Event-ID`): the new request checks the session again, so a signed-out user stops receiving.
 */
const STREAM_LIFETIME_MS = 10 * 60_000;
/** How soon the browser reconnects after a drop. */
const RETRY_MS = 2000;

const headersSchema = z.object({
  'last-event-id': z
    .string()
    .regex(/^\d{1,12}$/, 'must be the id of an event of this stream')
    .optional(),
});

function frame(event: string, data: unknown, id?: number): string {
  return `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * `GET api/noticesModule/events`: server-sent events of every notice change, on any instance (fed by
 * PostgreSQL `LISTEN/NOTIFY`, db/events.ts). `event: notice` carries `{seq, action, noticeId}` with `id: seq`;
 * a reconnecting browser sends the last `seq` as `Last-Event-ID` and first gets what it missed, or
 * `event: resync` (reload everything) when it missed more than a catch-up holds or the listening connection
 * of this instance dropped. A new stream starts with `event: ready`.
 */
export const noticeEventRoutes: FastifyPluginAsyncZod = async (app) => {
  const streams = new Set<ServerResponse>();
  // Before the server waits for its connections to end: an open stream never would.
  app.addHook('preClose', async () => {
    for (const stream of streams) stream.end();
  });

  app.get(
    apiPaths.notices.events,
    {
      config: { deadline: false },
      preHandler: authorize('readNotices', readRefusals),
      schema: {
        tags: ['notices'],
        summary: 'Live notice changes (server-sent events)',
        description:
          '`text/event-stream`: `ready`, then `notice` `{seq, action, noticeId}` per change (id: seq), and ' +
          '`resync` when changes may have been missed. Send `Last-Event-ID` to catch up after a drop.',
        headers: headersSchema,
        response: { 401: apiErrorSchema, 403: apiErrorSchema, 400: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const since = request.headers['last-event-id'];
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

      let last = 0;
      let pending: NoticeEvent[] | null = [];
      const send = (event: NoticeEvent): void => {
        if (event.seq <= last) return;
        last = event.seq;
        stream.write(frame('notice', event, event.seq));
      };
      // Subscribed before the catch-up query, so a change committed in between is held, not lost.
      const unsubscribe = app.databaseEvents.subscribe(
        NOTICE_CHANNEL,
        (payload) => {
          const parsed = noticeEventSchema.safeParse(JSON.parse(payload));
          if (!parsed.success) return;
          if (pending) pending.push(parsed.data);
          else send(parsed.data);
        },
        () => stream.write(frame('resync', { reason: 'events may have been missed' })),
      );
      const heartbeat = setInterval(() => stream.write(': keep-alive\n\n'), HEARTBEAT_MS);
      const lifetime = setTimeout(() => stream.end(), STREAM_LIFETIME_MS);
      const cleanUp = (): void => {
        unsubscribe();
        clearInterval(heartbeat);
        clearTimeout(lifetime);
        streams.delete(stream);
      };
      stream.on('close', cleanUp);

      try {
        if (since === undefined) {
          last = await latestChangeSeq(app.db);
          stream.write(frame('ready', { seq: last }, last));
        } else {
          const missed = await changesAfter(app.db, Number(since));
          last = Number(since);
          if (missed.length > CATCH_UP_LIMIT) {
            last = missed.at(-1)?.id ?? last;
            stream.write(frame('resync', { reason: 'too many changes missed' }, last));
          } else {
            for (const change of missed) {
              send({ seq: change.id, action: change.action, noticeId: change.noticeId });
            }
          }
        }
        const held = pending;
        pending = null;
        for (const event of held) send(event);
      } catch (error) {
        request.log.error({ err: error }, 'notice stream could not start');
        stream.end();
      }
    },
  );
};
