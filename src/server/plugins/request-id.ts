import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { pino, type Logger } from 'pino';

export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * A caller's id is kept only when it is a plain token: it lands in every log line of the request, so it
 * must not be able to forge log content or grow without bound.
 */
const SANE_REQUEST_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;

/**
 * Fastify's `genReqId`: reuses the id a load balancer or caller sent, so one id follows a request across
 * services; otherwise a fresh UUID.
 */
export function requestIdFor(request: IncomingMessage): string {
  const incoming = request.headers[REQUEST_ID_HEADER];
  if (typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming)) return incoming;
  return randomUUID();
}

/** The id of the request whose work is running, for log lines written through the app's own logger. */
const currentRequestId = new AsyncLocalStorage<string>();
/** Each request's context, entered again where Fastify goes on from a socket event (a parsed body). */
const requestContexts = new WeakMap<FastifyRequest, AsyncResource>();

/**
 * Echoes the id so a user reporting a problem can quote it and support can find the log lines, and runs the
 * rest of the request in its context, so that every line logged meanwhile names it (`requestLogMixin`), also
 * one written through `app.log` by a service that holds no request. Register it before every other hook: an
 * answer a later hook sends (a 429, a 403) carries the id too. The header goes on the raw response, so an answer
 * written past Fastify (a live stream's) has it as well.
 */
export function echoRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.raw.setHeader(REQUEST_ID_HEADER, request.id);
    currentRequestId.run(request.id, () => {
      const context = new AsyncResource('portal-request');
      requestContexts.set(request, context);
      context.runInAsyncScope(done);
    });
  });
  // A body is read from the socket's events, outside the context: the route's work runs in it again.
  app.addHook('preValidation', (request, _reply, done) => {
    const context = requestContexts.get(request);
    if (context) context.runInAsyncScope(done);
    else done();
  });
}

const { chindingsSym } = pino.symbols;

/** Whether a logger is a request's own child, whose lines name the id already (Fastify binds `reqId`). */
function bindsRequestId(logger: Logger): boolean {
  const bindings: unknown = Reflect.get(logger, chindingsSym);
  return typeof bindings === 'string' && bindings.includes('"reqId":');
}

/**
 * pino's `mixin`: adds `reqId` to a line written during a request through a logger that does not name it (the
 * app's own, which services hold), so every line of a request can be found by its id. Give it to every
 * logger handed to the app (main.ts).
 */
export function requestLogMixin(mergeObject: object, _level: number, logger: Logger): object {
  const id = currentRequestId.getStore();
  if (id === undefined || 'reqId' in mergeObject || bindsRequestId(logger)) return {};
  return { reqId: id };
}
