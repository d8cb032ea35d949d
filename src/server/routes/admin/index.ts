import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { searchAnalyticsRoutes } from './search-analytics.js';

/** The admins' reports: search analytics. */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(searchAnalyticsRoutes);
};
