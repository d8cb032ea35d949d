import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { noticeEventRoutes } from './notice-events.js';
import { readNoticeRoutes } from './read-notices.js';
import { seenByRoutes } from './seen-by-users.js';
import { writeNoticeRoutes } from './write-notices.js';

/** Support notices: reading, writing, who read them, and their live changes. */
export const noticeRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(readNoticeRoutes);
  await app.register(writeNoticeRoutes);
  await app.register(seenByRoutes);
  await app.register(noticeEventRoutes);
};
