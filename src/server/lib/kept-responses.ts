import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';

/**
 * Answers kept in memory, by key: the server renders of anonymous pages and the public API answers (the home
 * page's latest articles, the /docs article and category calls), which are the same for every visitor until
 * the content is loaded again. On an outage day, when every customer opens the same few pages at once, each
 * is produced once. Bodies are kept compressed both ways, so a hit costs neither a render, a query nor a
 * compression. The store is bounded by bytes and dropped whole when the content is re-loaded
 * (`app.contentLoaded()`); the configuration is read once at start, so a change of it is a restart. The few
 * answers that also follow the articles' view counts (most viewed lists, and the pages that show them) are
 * kept for a bounded time as well (`ttlMs`), so readers move them without any instance being told.
 */

/** What a producer answers: a status and a body of one media type. */
export interface FreshResponse {
  status: number;
  type: string;
  body: string;
}

/** An API answer to keep: `value` already checked against (and stripped to) its response schema. */
export function jsonResponse(value: unknown): FreshResponse {
  return { status: 200, type: 'application/json; charset=utf-8', body: JSON.stringify(value) };
}

/** The value a kept JSON answer holds (for an in-process reader such as the server render). */
export function keptJson(answer: KeptResponse): unknown {
  return JSON.parse(answer.body.toString('utf8'));
}

export interface KeptResponse {
  /** The key it is kept under. */
  key: string;
  status: number;
  type: string;
  /** A strong validator: the hash of the body. */
  etag: string;
  body: Buffer;
  br: Buffer;
  gzip: Buffer;
}

export interface KeptResponses {
  /**
   * The kept answer of `key`, else `produce()` compressed and kept (not a server error, status 500 and up).
   * Requests arriving together for one key share one production; a producer that throws keeps nothing.
   * `ttlMs` bounds how long an answer that changes without a content load is kept (lists by view count).
   */
  get(
    key: string,
    produce: () => Promise<FreshResponse>,
    options?: { ttlMs?: number },
  ): Promise<KeptResponse>;
  /** The kept answer of `key`, if any, without producing one. */
  peek(key: string): KeptResponse | undefined;
  /** Drops every answer; one already being produced is served but not kept (it may hold the old content). */
  clear(): void;
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** What a kept answer weighs: the three bodies it keeps. */
const sizeOf = (kept: KeptResponse) => kept.body.length + kept.br.length + kept.gzip.length;

async function compress(key: string, fresh: FreshResponse): Promise<KeptResponse> {
  const body = Buffer.from(fresh.body, 'utf8');
  const [br, gz] = await Promise.all([
    // Quality 10, paid once per answer and load: on the demo pages (8-15 KB of Brotli) it was 9-10 % smaller
    // than quality 9 and took a quarter of its time (12-38 ms against 70-118 ms; quality 11 took 2-3 times
    // as long as 10 for 2 % less). Smaller answers are what lets one instance serve more of a spike.
    brotli(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 10 } }),
    gzipAsync(body, { level: 9 }),
  ]);
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
  return { key, status: fresh.status, type: fresh.type, etag, body, br, gzip: gz };
}

export function createKeptResponses(options: { maxBytes: number }): KeptResponses {
  const kept = new LRUCache<string, KeptResponse>({ maxSize: options.maxBytes, sizeCalculation: sizeOf });
  let producing = new Map<string, Promise<KeptResponse>>();

  return {
    get(key, produce, keep) {
      const found = kept.get(key) ?? producing.get(key);
      if (found) return Promise.resolve(found);
      const inFlight = producing;
      const next = produce()
        .then((fresh) => compress(key, fresh))
        .then((answer) => {
          // Not after a clear (the map was replaced), and not an answer larger than the whole budget.
          if (inFlight === producing && answer.status < 500 && sizeOf(answer) <= options.maxBytes) {
            kept.set(key, answer, keep?.ttlMs === undefined ? undefined : { ttl: keep.ttlMs });
          }
          return answer;
        })
        .finally(() => inFlight.delete(key));
      inFlight.set(key, next);
      return next;
    },
    peek: (key) => kept.get(key),
    clear() {
      kept.clear();
      producing = new Map();
    },
  };
}

/** The encoding a kept body is sent in: brotli, else gzip, else none (q=0 refuses one). */
export function chooseEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
    accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const allows = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (allows('br')) return 'br';
  if (allows('gzip')) return 'gzip';
  return null;
}

/** Whether `If-None-Match` names this validator (a list, `*`, weak forms compare by their opaque part). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * How long a browser or CDN may use a public kept answer without asking, and how long it may keep serving it
 * while it asks again: a spike is absorbed in front of the portal too, and a content change shows within a
 * minute.
 */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=600';

/** Answers whose address answers every visitor alike (a file named by its hash): no `Vary: Cookie`. */
export const SAME_FOR_EVERY_VISITOR = 'Accept-Encoding';

/** Which of a kept answer's forms a request gets: a 304, or the body in one encoding. */
export type KeptVariant = 'not-modified' | 'br' | 'gzip' | 'identity';

/** The form of `answer` for a request with these headers: 304 when it holds the answer, else the best encoding. */
export function variantFor(headers: IncomingHttpHeaders, answer: KeptResponse): KeptVariant {
  if (matchesEtag(headers['if-none-match'], answer.etag)) return 'not-modified';
  return chooseEncoding(headers['accept-encoding']) ?? 'identity';
}

/** The bytes a variant sends (none for a 304). */
export function bodyOf(answer: KeptResponse, variant: KeptVariant): Buffer | null {
  if (variant === 'not-modified') return null;
  return variant === 'br' ? answer.br : variant === 'gzip' ? answer.gzip : answer.body;
}

/** What `sendKept` sent on a reply: read once the answer is out, to replay it (plugins/kept-replay.ts). */
const sentKept = new WeakMap<FastifyReply, { answer: KeptResponse; variant: KeptVariant }>();

export function keptAnswerSent(
  reply: FastifyReply,
): { answer: KeptResponse; variant: KeptVariant } | undefined {
  return sentKept.get(reply);
}

/**
 * Sends a kept answer: 304 when the client holds it, else the body in the encoding it takes. `cacheControl`
 * is the answer's policy (plugins/sessions.ts makes a public one private when the reply sets a cookie);
 * `Vary` names the session cookie by default, since most addresses answer a signed-in visitor with another body.
 */
export function sendKept(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: KeptResponse,
  cacheControl: string = PUBLIC_CACHE_CONTROL,
  vary = 'Accept-Encoding, Cookie',
): FastifyReply {
  if (answer.status >= 500) {
    return reply.code(answer.status).type(answer.type).header('cache-control', 'no-store').send(answer.body);
  }
  reply.header('etag', answer.etag).header('cache-control', cacheControl).header('vary', vary);
  const variant = variantFor(request.headers, answer);
  sentKept.set(reply, { answer, variant });
  if (variant === 'not-modified') return reply.code(304).send();
  reply.code(answer.status).type(answer.type);
  if (variant !== 'identity') reply.header('content-encoding', variant);
  return reply.send(bodyOf(answer, variant));
}
