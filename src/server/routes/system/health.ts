import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResponseSchema } from '../../../common/contracts/health.js';
import { pingDatabase } from '../../db/client.js';
import { apiPaths } from '../../../common/api-paths.js';

/** A database that does not answer within this time counts as down: the probe must not hang the prober. */
const READINESS_TIMEOUT_MS = 2000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Probes for the orchestrator. Liveness says only that the process answers (restarting it would not help a
 * database outage); readiness says whether it can serve, so a load balancer stops sending traffic meanwhile.
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    apiPaths.system.health,
    {
      // Probes run every few seconds; logging each one would drown the useful lines.
      logLevel: 'warn',
      schema: {
        tags: ['system'],
        summary: 'Liveness: the process is up',
        response: { 200: healthResponseSchema },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    apiPaths.system.ready,
    {
      logLevel: 'warn',
      schema: {
        tags: ['system'],
        summary: 'Readiness: the database answers (and whether Redis does, with REDIS_URL)',
        response: { 200: healthResponseSchema, 503: healthResponseSchema },
      },
    },
    async (request, reply) => {
      try {
        await withTimeout(pingDatabase(app.db), READINESS_TIMEOUT_MS);
        const redis = app.sharedRedis.state();
        if (redis === 'off') return { status: 'ok' as const };
        if (redis === 'ok') return { status: 'ok' as const, redis };
        return {
          status: 'ok' as const,
          redis,
          detail:
            'Redis does not answer: rate limits and live stream places count in the database until it does',
        };
      } catch (error) {
        request.log.warn({ err: error }, 'readiness check failed: database unavailable');
        return reply.code(503).send({ status: 'unavailable' as const });
      }
    },
  );
};
