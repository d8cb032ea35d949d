import type { FastifyInstance } from 'fastify';
import { apiPaths } from '../../common/api-paths.js';
import type { Env } from '../env.js';
import { apiError } from './error-handler.js';
import { PortalMetrics, routeLabel } from './metric-families.js';
import { metricsAccess } from './metrics-access.js';
import type { TrustProxy } from './request-log.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's metric families and registry (plugins/metric-families.ts); `/metrics` exposes them. */
    metrics: PortalMetrics;
  }
}

export const METRICS_REFUSED_MESSAGE =
  'Metrics are read by the configured scrapers only: from an address in METRICS_ALLOW_FROM, or with METRICS_TOKEN.';

/**
 * The app's metrics (`app.metrics`), the latency of every answer Fastify sends, and the gate of `/metrics`:
 * a request for it from anyone else is refused with a JSON 403 before any other work (no session is read).
 * Register it before every hook that does work for a request (sessions, the kept replay's record).
 */
export function registerMetrics(
  app: FastifyInstance,
  options: { env: Env; trustProxy: TrustProxy },
): PortalMetrics {
  const metrics = new PortalMetrics();
  app.decorate('metrics', metrics);
  const mayRead = metricsAccess({
    allowFrom: options.env.METRICS_ALLOW_FROM,
    token: options.env.METRICS_TOKEN,
    trustProxy: options.trustProxy,
  });
  app.addHook('onRequest', async (request, reply) => {
    if (request.routeOptions.url !== apiPaths.system.metrics || mayRead(request.raw)) return;
    request.log.warn('metrics refused');
    return reply
      .code(403)
      .type('application/json; charset=utf-8')
      .send(apiError(403, METRICS_REFUSED_MESSAGE));
  });
  app.addHook('onResponse', async (request, reply) => {
    metrics.observeHttp({
      method: request.method,
      route: routeLabel(request, reply),
      status: reply.statusCode,
      seconds: reply.elapsedTime / 1000,
    });
  });
  return metrics;
}
