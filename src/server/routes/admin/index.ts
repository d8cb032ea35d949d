import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cannedReplyRoutes } from './canned-replies.js';
import { contentSyncRoutes } from './content-sync.js';
import { searchAnalyticsRoutes } from './search-analytics.js';

/**
 * The admins' reports and tools: search analytics, the vendor feeds' sync, the canned replies (with the agents'
 * read of them, which lives beside the admins' writes).
 */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(searchAnalyticsRoutes);
  await app.register(contentSyncRoutes);
  await app.register(cannedReplyRoutes);
};
