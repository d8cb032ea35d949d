import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

/** Fastify's `trustProxy` option as app.ts gives it. */
export type TrustProxy = boolean | string | ((address: string, hop: number) => boolean);

export interface CompletedRequest {
  method: string;
  url: string;
  remoteAddress: string | undefined;
  statusCode: number;
  responseTime: number;
}

/**
 * The one line a request leaves, whichever part of the server answered it. `reqId` is for a log that is not
 * the request's own (the kept replay writes to the app's log; a request's log already names its id).
 */
export function logRequestCompleted(
  log: FastifyBaseLogger,
  completed: CompletedRequest,
  reqId?: string,
): void {
  const { method, url, remoteAddress, statusCode, responseTime } = completed;
  // Fastify's logger passes `req` through its request serializer, which writes `remoteAddress` from `ip`.
  const line = { req: { method, url, ip: remoteAddress }, res: { statusCode }, responseTime };
  log.info(reqId === undefined ? line : { reqId, ...line }, 'request completed');
}

/**
 * The client's address as Fastify's `request.ip` reads it under the same `trustProxy` (the last address the
 * trusted proxies forwarded), for an answer sent without Fastify (plugins/kept-replay.ts).
 */
export function clientAddressReader(trust: TrustProxy): (req: IncomingMessage) => string | undefined {
  if (trust === false) return (req) => req.socket.remoteAddress;
  const trusted =
    trust === true
      ? () => true
      : typeof trust === 'string'
        ? proxyAddr.compile(trust.split(',').map((value) => value.trim()))
        : trust;
  return (req) => proxyAddr.all(req, trusted).at(-1);
}

/**
 * One log line per request, written when the answer has gone out, instead of Fastify's two (one on arrival,
 * one on completion): the second holds everything the first did, and at outage-day rates the pair was a
 * tenth of the work of serving a kept page. A request that never completes is still visible: the deadline and
 * timeout handlers log it.
 */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    logRequestCompleted(request.log, {
      method: request.method,
      url: request.url,
      remoteAddress: request.ip,
      statusCode: reply.statusCode,
      responseTime: reply.elapsedTime,
    });
  });
}
