import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '../../../common/api-paths.js';
import { apiErrorSchema } from '../../../common/contracts/api-error.js';
import { noticeEventSchema, type NoticeEvent } from '../../../common/contracts/notices.js';
import {
  claimEventStream,
  eventStreamHeadersSchema,
  openEventStream,
  relayChannel,
} from '../../lib/event-stream.js';
import { authorize } from '../../plugins/guards.js';
import { NOTICE_CHANNEL } from '../../services/notices/notice-events.js';
import { CATCH_UP_LIMIT, changesAfter, latestChangeSeq } from '../../services/notices/notices.js';

/**
 * `GET api/noticesModule/events`: server-sent events of every notice change, on any instance (fed by
 * PostgreSQL `LISTEN/NOTIFY`, db/events.ts). `event: notice` carries `{seq, action, noticeId}` with `id: seq`;
 * a reconnecting browser sends the last `seq` as `Last-Event-ID` and first gets what it missed, or
 * `event: resync` (reload everything) when it missed more than a catch-up holds or the listening connection
 * of this instance dropped. A new stream starts with `event: ready`, sent once this instance listens.
 */
export const noticeEventRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    apiPaths.notices.events,
    {
      config: { deadline: false },
      onRequest: authorize('readNotices'),
      schema: {
        tags: ['notices'],
        summary: 'Live notice changes (server-sent events)',
        description:
          '`text/event-stream`: `ready`, then `notice` `{seq, action, noticeId}` per change (id: seq), and ' +
          '`resync` when changes may have been missed. Send `Last-Event-ID` to catch up after a drop.',
        headers: eventStreamHeadersSchema,
        response: { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const since = request.headers['last-event-id'];
      const stream = openEventStream(app, request, reply, await claimEventStream(app, request, reply));

      let last = 0;
      let pending: NoticeEvent[] | null = [];
      const send = (event: NoticeEvent): void => {
        if (event.seq <= last) return;
        last = event.seq;
        stream.send('notice', event, event.seq);
      };
      // Subscribed before the catch-up query, so a change committed in between is held, not lost.
      const subscription = relayChannel(app, stream, NOTICE_CHANNEL, noticeEventSchema, (event) => {
        if (pending) pending.push(event);
        else send(event);
      });

      try {
        // Only once LISTEN is active is every later change sure to arrive: a change committed after the
        // starting point below but before that would reach neither the catch-up nor the stream.
        await subscription.listening;
        if (since === undefined) {
          last = await latestChangeSeq(app.notices);
          stream.send('ready', { seq: last }, last);
        } else {
          const missed = await changesAfter(app.notices, Number(since));
          last = Number(since);
          if (missed.length > CATCH_UP_LIMIT) {
            last = missed.at(-1)?.id ?? last;
            stream.send('resync', { reason: 'too many changes missed' }, last);
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
