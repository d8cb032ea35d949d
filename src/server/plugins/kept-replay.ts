import {
  createServer,
  type IncomingMessage,
  type Server,
  type ServerOptions,
  type ServerResponse,
} from 'node:http';
import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import {
  bodyOf,
  keptAnswerSent,
  variantFor,
  type KeptResponses,
  type KeptVariant,
} from '../lib/kept-responses.js';
import { REQUEST_ID_HEADER, requestIdFor } from './request-id.js';
import { logRequestCompleted } from './request-log.js';
import { routeLabel, type HttpObservation } from './metric-families.js';

/**
 * Kept answers replayed in front of Fastify.
 *
 * On an outage day nearly every request is an anonymous GET of an answer already kept in memory (home, SLA,
 * an article, `latestKB`). What such a request still cost was the app around the answer: Fastify's lifecycle,
 * its ten hooks, helmet's headers; the portal served such answers at 37-62 % of the rate of a bare Fastify
 * process sending the same bytes (bench/README.md, Capacity). So the HTTP server looks such a request up
 * before Fastify sees it, and sends the kept bytes itself.
 *
 * Nothing is replayed that the app has not sent: the first request of an address and of a form (304, Brotli,
 * gzip, none) goes through the app, and what it sent (status and headers: security headers, CSP, cache policy,
 * `Vary`) is copied as it left. The replay adds only what differs per request (request id, date, length). A
 * request qualifies only when the app answers it alike for everyone: a GET with neither a cookie (a session
 * gets its own render) nor an `Authorization` header. Anything else goes to Fastify. A replay ends with its
 * kept answer: after a content load, an eviction, or a new body under the same address.
 */

/** Addresses remembered at most (each entry is a few headers; the bodies live in the kept answers). */
const MAX_ADDRESSES = 5_000;

/** Headers each answer writes for itself: never copied from another. */
const PER_REQUEST_HEADERS = new Set([
  'content-length',
  REQUEST_ID_HEADER,
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
]);

interface SentForm {
  status: number;
  /** The headers as Node's `writeHead` takes them flat (name, value, name, value), built once. */
  headers: string[];
}

interface Replay {
  /** The kept answer's key and validator: the replay holds only while that answer is still kept. */
  key: string;
  etag: string;
  /** The route label of the request that was kept, for the metrics of its replays. */
  route: string;
  forms: Partial<Record<KeptVariant, SentForm>>;
}

export interface KeptReplay {
  /** Answers `req` from a replay and says so; `false` leaves the request to the app. */
  serve(req: IncomingMessage, res: ServerResponse): boolean;
  /** Keeps what the app just sent, when it was a kept answer to a request that qualifies. */
  record(request: FastifyRequest, reply: FastifyReply): void;
  /** Connects the replay to the app's kept answers and log; nothing is replayed before. */
  attach(options: AttachOptions): void;
  /** Replays nothing more (the app is closing: its own 503s and `Connection: close` must go out). */
  stop(): void;
  clear(): void;
}

interface AttachOptions {
  kept: KeptResponses;
  log: FastifyBaseLogger;
  /** The client's address as `request.ip` gives it (TRUST_PROXY), for the log line. */
  clientAddress: (req: IncomingMessage) => string | undefined;
  /** Counts a replayed answer as the app's metrics count the answers the app sends. */
  observe: (observation: HttpObservation) => void;
}

/** A request the app answers alike for every visitor. */
function qualifies(req: IncomingMessage): boolean {
  return req.method === 'GET' && req.headers.cookie === undefined && req.headers.authorization === undefined;
}

function withoutPerRequestHeaders(headers: Record<string, string | number | string[] | undefined>): string[] {
  const flat: string[] = [];
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || PER_REQUEST_HEADERS.has(name)) continue;
    for (const one of Array.isArray(value) ? value : [value]) flat.push(name, String(one));
  }
  return flat;
}

export function createKeptReplay(): KeptReplay {
  const replays = new LRUCache<string, Replay>({ max: MAX_ADDRESSES });
  let app: AttachOptions | null = null;

  return {
    serve(req, res) {
      if (!app || req.url === undefined || !qualifies(req)) return false;
      const replay = replays.get(req.url);
      if (!replay) return false;
      const answer = app.kept.peek(replay.key);
      if (!answer || answer.etag !== replay.etag) return false;
      const variant = variantFor(req.headers, answer);
      const form = replay.forms[variant];
      if (!form) return false;
      const started = performance.now();
      const id = requestIdFor(req);
      const body = bodyOf(answer, variant);
      const headers = [...form.headers, REQUEST_ID_HEADER, id];
      if (body) headers.push('content-length', String(body.length));
      res.writeHead(form.status, headers);
      res.end(body);
      const completed = {
        method: 'GET',
        url: req.url,
        remoteAddress: app.clientAddress(req),
        statusCode: form.status,
        responseTime: performance.now() - started,
      };
      logRequestCompleted(app.log, completed, id);
      app.observe({
        method: 'GET',
        route: replay.route,
        status: form.status,
        seconds: completed.responseTime / 1000,
      });
      return true;
    },
    record(request, reply) {
      const sent = keptAnswerSent(reply);
      if (!app || !sent || !qualifies(request.raw)) return;
      const { answer, variant } = sent;
      // Only an answer still kept as it was sent: not one past the budget, produced before a clear, or a 5xx.
      if (app.kept.peek(answer.key) !== answer) return;
      const headers = reply.getHeaders();
      if (headers['set-cookie'] !== undefined) return;
      let replay = replays.get(request.url);
      if (!replay || replay.key !== answer.key || replay.etag !== answer.etag) {
        replay = { key: answer.key, etag: answer.etag, route: routeLabel(request, reply), forms: {} };
        replays.set(request.url, replay);
      }
      replay.forms[variant] = { status: reply.statusCode, headers: withoutPerRequestHeaders(headers) };
    },
    attach(options) {
      app = options;
    },
    stop() {
      app = null;
    },
    clear() {
      replays.clear();
    },
  };
}

/** Connection bounds of the HTTP server (app.ts `serverTimeouts`), which Fastify sets only on a server it makes. */
export interface ServerTimeouts {
  requestTimeout: number;
  keepAliveTimeout: number;
  http: ServerOptions;
}

/**
 * Fastify's `serverFactory`: the HTTP server Fastify would make (same options and timeouts), with the replay
 * asked first. `app.inject` does not pass through it: tests of the replay listen on a port.
 */
export function replayingServer(
  replay: KeptReplay,
  timeouts: ServerTimeouts,
): (handler: (req: IncomingMessage, res: ServerResponse) => void) => Server {
  return (handler) => {
    const server = createServer(timeouts.http, (req, res) => {
      if (!replay.serve(req, res)) handler(req, res);
    });
    server.requestTimeout = timeouts.requestTimeout;
    server.keepAliveTimeout = timeouts.keepAliveTimeout;
    return server;
  };
}

/** Records the app's kept answers for the replay, and stops replaying when the app starts closing. */
export function registerKeptReplay(
  app: FastifyInstance,
  replay: KeptReplay,
  clientAddress: AttachOptions['clientAddress'],
): void {
  replay.attach({
    kept: app.keptResponses,
    log: app.log,
    clientAddress,
    observe: (observation) => app.metrics.observeHttp(observation),
  });
  app.addHook('onResponse', (request, reply, done) => {
    replay.record(request, reply);
    done();
  });
  app.addHook('preClose', (done) => {
    replay.stop();
    done();
  });
}
