import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { NoticeOptions } from './notices.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** What the notice service's calls take first (services/notices/notices.ts). */
    notices: NoticeOptions;
  }
}

async function noticesPlugin(app: FastifyInstance): Promise<void> {
  app.decorate('notices', {
    db: app.db,
    // What this instance announced, counted by kind (`portal_notice_events_total`).
    onNoticeEvent: (kind) => app.metrics.noticeEventAnnounced(kind),
  } satisfies NoticeOptions);
}

export default fp(noticesPlugin, { name: 'notices', dependencies: ['foundation'] });
