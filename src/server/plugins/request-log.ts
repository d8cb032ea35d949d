import type { FastifyInstance } from 'fastify';

/**
 * One log line per request, written when the answer has gone out, instead of Fastify's two (one on arrival,
 * one on completion): the second holds everything the first did, and at outage-day rates the pair was a
 * tenth of the work of serving a kept page. A request that never completes is still visible: the deadline and
 * timeout handlers log it.
 */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        req: { method: request.method, url: request.url, remoteAddress: request.ip },
        res: { statusCode: reply.statusCode },
        responseTime: reply.elapsedTime,
      },
      'request completed',
    );
  });
}
