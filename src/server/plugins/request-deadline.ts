import type { FastifyInstance } from 'fastify';
import { apiError } from './error-handler.js';

export const DEADLINE_MESSAGE = 'The portal could not answer in time. Please try again in a moment.';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `false` for a route that rightly stays open (a live event stream); default: the app's deadline. */
    deadline?: false;
  }
}

/**
 * Every request ends in bounded time: one still unanswered after `deadlineMs` (the database froze, a pool
 * is exhausted, a service hangs) gets a 503 with a JSON body, so the client and the load balancer can retry
 * elsewhere instead of holding the connection. The work behind it is left to its own timeouts (statement and
 * acquire timeouts of the database); its late answer is dropped.
 */
export function registerRequestDeadline(app: FastifyInstance, options: { deadlineMs: number }): void {
  const timers = new WeakMap<object, NodeJS.Timeout>();
  app.addHook('onRequest', async (request, reply) => {
    if (request.routeOptions.config.deadline === false) return;
    const timer = setTimeout(() => {
      if (reply.sent) return;
      request.log.warn({ deadlineMs: options.deadlineMs }, 'request deadline passed; answering 503');
      // Sent as a string: the route's own response schema (which may not describe this body) is not used.
      void reply
        .code(503)
        .header('retry-after', '5')
        .type('application/json; charset=utf-8')
        .send(JSON.stringify(apiError(503, DEADLINE_MESSAGE)));
    }, options.deadlineMs);
    timer.unref();
    timers.set(request, timer);
  });
  const clear = async (request: object): Promise<void> => clearTimeout(timers.get(request));
  app.addHook('onResponse', clear);
  app.addHook('onRequestAbort', clear);
}
