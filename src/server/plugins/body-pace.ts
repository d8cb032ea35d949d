import { Transform, type TransformCallback } from 'node:stream';
import type { FastifyInstance, FastifyRequest, RequestPayload } from 'fastify';

/**
 * How fast a request body must arrive (BODY_IDLE_TIMEOUT_MS, BODY_RATE_GRACE_MS, BODY_MIN_BYTES_PER_SECOND).
 * A body is not bounded by a fixed time, which would refuse a large file on a slow line, but by its pace.
 */
export interface BodyPace {
  /** Longest pause between two pieces of the body. */
  idleMs: number;
  /** From the start of the body, how long before the average rate is checked. */
  graceMs: number;
  /** The average rate since the start of the body must stay at least this, once the grace period is over. */
  minBytesPerSecond: number;
}

/** Fastify's own split (handle-request.js): these methods never have a body read. */
const BODYLESS_METHODS = new Set(['GET', 'HEAD', 'TRACE']);

/**
 * Whether a body is still on its way for Fastify to read: one already received whole is not (it needs no pace,
 * and no time of the client's is spent on it).
 */
export function receivesBody(request: FastifyRequest): boolean {
  if (BODYLESS_METHODS.has(request.method) || request.raw.complete) return false;
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/** 408: Fastify's body parser hands this error on, and the error handler answers its message as JSON. */
class BodyTooSlowError extends Error {
  readonly statusCode = 408;
  readonly code = 'BODY_TOO_SLOW';
}

const oneDecimal = (value: number): string => String(Math.round(value * 10) / 10);

function idleMessage(pace: BodyPace): string {
  return (
    `The upload stopped: no data arrived for ${oneDecimal(pace.idleMs / 1000)} seconds. ` +
    'Please check your connection and try again.'
  );
}

function rateMessage(pace: BodyPace): string {
  return (
    `The upload was too slow: the portal needs at least ${oneDecimal(pace.minBytesPerSecond / 1000)} KB a ` +
    'second. Please try again on a faster connection.'
  );
}

/**
 * Passes the body through unchanged, and fails it (408) when no byte came for `idleMs`, or when, after
 * `graceMs`, fewer bytes came than `minBytesPerSecond` allows for the time since the start. One timer per
 * body, set for the earlier of the two ends and moved on when it fires early: nothing runs per piece but a sum.
 */
function pacedBody(request: FastifyRequest, payload: RequestPayload, pace: BodyPace): Transform {
  const started = performance.now();
  let lastPieceAt = started;
  let received = 0;
  let timer: NodeJS.Timeout | undefined;
  let recheck: NodeJS.Immediate | undefined;
  const stop = (): void => {
    clearTimeout(timer);
    clearImmediate(recheck);
    timer = undefined;
    recheck = undefined;
  };
  const body = new Transform({
    transform(piece: Buffer, _encoding: BufferEncoding, next: TransformCallback) {
      received += piece.byteLength;
      lastPieceAt = performance.now();
      next(null, piece);
    },
  });
  const cut = (message: string): void => {
    stop();
    request.log.info({ receivedBytes: received, pace }, 'request body too slow; answering 408');
    // Fastify answers a body that failed with `Connection: close`, so the rest of it is never waited for.
    body.destroy(new BodyTooSlowError(message));
  };
  const check = (piecesRead: boolean): void => {
    const now = performance.now();
    const idleEnd = lastPieceAt + pace.idleMs;
    const rateEnd = started + Math.max(pace.graceMs, (received * 1000) / pace.minBytesPerSecond);
    if (now < idleEnd && now < rateEnd) {
      timer = setTimeout(() => check(false), Math.ceil(Math.min(idleEnd, rateEnd) - now));
      timer.unref();
    } else if (!piecesRead) {
      // Timers run before the event loop reads the sockets: after a stall of the server's own (a long
      // synchronous task), pieces that came meanwhile are still unread. The client is judged once they count.
      recheck = setImmediate(() => check(true));
    } else cut(now >= idleEnd ? idleMessage(pace) : rateMessage(pace));
  };
  check(false);
  payload.on('error', (error: Error) => body.destroy(error));
  body.on('close', stop);
  // Whatever ends the request first (an answer before the body is read, a dropped connection) ends the clock.
  request.raw.on('close', stop);
  // A failure nobody reads (the route answered without reading the body) must not become an uncaught error.
  body.on('error', () => undefined);
  payload.pipe(body);
  return body;
}

/**
 * Request bodies arrive at the client's pace within {@link BodyPace}: a slow but steady upload of a large file
 * succeeds however long it takes, while a body that stops or trickles is cut with a 408 JSON answer and its
 * connection is closed. The request deadline (request-deadline.ts) leaves out the time a body takes to arrive.
 *
 * Every answer sent before its request has fully arrived (refused before the body is read, a deadline, a body
 * too large) closes the connection: otherwise Node would keep reading what is left of the body, for as long
 * as the client takes to send it.
 */
export function registerBodyPace(app: FastifyInstance, pace: BodyPace): void {
  app.addHook('preParsing', async (request, _reply, payload) =>
    receivesBody(request) ? pacedBody(request, payload, pace) : payload,
  );
  app.addHook('onSend', async (request, reply, payload) => {
    // `complete` is Node's; a request injected in tests has none and is never left half-read.
    if (request.raw.complete === false) reply.header('connection', 'close');
    return payload;
  });
}
