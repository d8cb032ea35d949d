import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { configFileRoutes } from './config-file.js';
import { healthRoutes } from './health.js';
import { metricsRoutes } from './metrics.js';
import { trustRoutes } from './trust.js';

/**
 * The operators' and the shell's calls: health checks, metrics, the trust page redirect, the config file pages
 * start from.
 */
export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(healthRoutes);
  await app.register(metricsRoutes);
  await app.register(trustRoutes);
  await app.register(configFileRoutes);
};
