import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '../../../common/api-paths.js';
import { SOURCE_KEYS } from '../../../common/contracts/search.js';
import { countActiveSessions } from '../../services/auth/sessions.js';

/** A scrape must not hang on the database: the gauges it reads there are left out past this. */
const DATABASE_READ_TIMEOUT_MS = 2000;

function bounded<T>(promise: Promise<T>, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback), DATABASE_READ_TIMEOUT_MS);
  });
  return Promise.race([promise.catch(() => fallback), late]).finally(() => clearTimeout(timer));
}

/**
 * `GET /metrics`: the Prometheus text exposition of this instance (plugins/metric-families.ts). Who may read
 * it is decided by plugins/metrics.ts before this route runs. States are read at the scrape: the breakers and
 * streams from memory, the sessions and the content syncs from the database (one small query each, bounded).
 */
export const metricsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.metrics.readState({
    breakers: () =>
      SOURCE_KEYS.map((source) => ({ source, state: app.searches.service.breakerState(source) })),
    streamsOpen: () => [...app.eventStreams.openByStream()].map(([stream, open]) => ({ stream, open })),
    activeSessions: () => bounded(countActiveSessions(app.db, app.sessionPolicy), Number.NaN),
    contentSync: async () =>
      (await bounded(app.contentSync.status(), [])).map((state) => ({
        source: state.source,
        vendor: state.vendor,
        running: state.running,
        failing: state.lastError !== null,
        lastSuccessAt: state.lastSuccessAt,
        nextRunAt: state.nextRunAt,
      })),
  });

  app.get(
    apiPaths.system.metrics,
    {
      // Scrapes come every few seconds; a line each would drown the useful ones.
      logLevel: 'warn',
      schema: {
        tags: ['system'],
        summary: 'Prometheus metrics of this instance (allowed addresses or METRICS_TOKEN only)',
        description:
          'Text exposition format 0.0.4. Reachable from METRICS_ALLOW_FROM (default loopback) or with ' +
          '`Authorization: Bearer <METRICS_TOKEN>`; anyone else gets a JSON 403 `{error, message}`.',
      },
    },
    // No response schema: the 200 is text, and the 403 is sent by the gate (plugins/metrics.ts) before this.
    async (_request, reply) => {
      const { contentType, body } = await app.metrics.exposition();
      return reply.header('cache-control', 'no-store').type(contentType).send(body);
    },
  );
};
