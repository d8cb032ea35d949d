import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { receivesBody } from './body-pace.js';
import { apiError } from './error-handler.js';

export const DEADLINE_MESSAGE = 'The portal could not answer in time. Please try again in a moment.';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `false` for a route that rightly stays open (a live event stream); default: the app's deadline. */
    deadline?: false;
  }
}

interface Deadline {
  /** Running, or undefined while the body is on its way. */
  timer: NodeJS.Timeout | undefined;
  /** What is left of the deadline when the timer was (re)started at `since`. */
  leftMs: number;
  since: number;
}

/**
 * Every request ends in bounded time: one still unanswered after `deadlineMs` of the server's own time (the
 * database froze, a pool is exhausted, a service hangs) gets a 503 with a JSON body, so the client and the load
 * balancer can retry elsewhere instead of holding the connection. The work behind it is left to its own
 * timeouts (statement and acquire timeouts of the database); its late answer is dropped.
 *
 * The clock stops while a request body arrives and goes on once it is parsed: the client's time is not the
 * server's, and a large upload on a slow line would otherwise never fit. That time is bounded by the body's
 * pace instead (body-pace.ts), so the request as a whole still ends in bounded time.
 */
export function registerRequestDeadline(app: FastifyInstance, options: { deadlineMs: number }): void {
  const deadlines = new WeakMap<object, Deadline>();
  const start = (request: FastifyRequest, reply: FastifyReply, deadline: Deadline): void => {
    deadline.since = performance.now();
    deadline.timer = setTimeout(
      () => {
        // A streamed answer whose headers are out (a large download at the client's pace) has answered:
        // its pace is the client's, and each piece of it is bounded by the database's own timeouts.
        if (reply.sent || reply.raw.headersSent) return;
        request.log.warn({ deadlineMs: options.deadlineMs }, 'request deadline passed; answering 503');
        // Sent as a string: the route's own response schema (which may not describe this body) is not used.
        void reply
          .code(503)
          .header('retry-after', '5')
          .type('application/json; charset=utf-8')
          .send(JSON.stringify(apiError(503, DEADLINE_MESSAGE)));
      },
      Math.max(0, deadline.leftMs),
    );
    deadline.timer.unref();
  };
  app.addHook('onRequest', async (request, reply) => {
    if (request.routeOptions.config.deadline === false) return;
    const deadline: Deadline = { timer: undefined, leftMs: options.deadlineMs, since: 0 };
    deadlines.set(request, deadline);
    start(request, reply, deadline);
  });
  app.addHook('preParsing', async (request) => {
    const deadline = deadlines.get(request);
    if (!deadline?.timer || !receivesBody(request)) return;
    clearTimeout(deadline.timer);
    deadline.timer = undefined;
    deadline.leftMs -= performance.now() - deadline.since;
  });
  // The first preValidation hook: the body is parsed, nothing of the route's has run yet.
  app.addHook('preValidation', async (request, reply) => {
    const deadline = deadlines.get(request);
    if (deadline && !deadline.timer) start(request, reply, deadline);
  });
  const clear = async (request: object): Promise<void> => clearTimeout(deadlines.get(request)?.timer);
  app.addHook('onResponse', clear);
  app.addHook('onRequestAbort', clear);
}
