import rateLimit, {
  type FastifyRateLimitStore,
  type FastifyRateLimitStoreCtor,
  type RateLimitOptions,
} from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_CODES } from '../../common/contracts/auth.js';
import type { Database } from '../db/client.js';
import type { Env } from '../env.js';
import { ServiceError } from '../lib/errors.js';
import type { SharedRedisHealth } from '../lib/shared-redis.js';
import {
  databaseCounters,
  redisCounters,
  withDatabaseFallback,
  withLocalFallback,
  type RateLimitCounters,
} from '../lib/rate-limit-counters.js';

/**
 * Every limit counts in one store shared by all instances (lib/rate-limit-counters.ts): the database, or Redis
 * when REDIS_URL is set (and the database while Redis fails). Refusals are 429 JSON `{error, message}` with Retry-After (seconds until the window
 * ends) and, for the per-user limits, a sentence that says what was limited and how long to wait.
 */
export async function registerRateLimits(
  app: FastifyInstance,
  options: {
    env: Pick<Env, 'REDIS_URL' | 'REDIS_KEY_PREFIX'>;
    db: Database;
    redisHealth?: SharedRedisHealth;
  },
): Promise<void> {
  const { REDIS_URL, REDIS_KEY_PREFIX } = options.env;
  const inDatabase = databaseCounters(options.db, app.log);
  const shared = REDIS_URL
    ? withDatabaseFallback(
        await redisCounters(REDIS_URL, `${REDIS_KEY_PREFIX}rate-limit:`, app.log, options.redisHealth),
        inDatabase,
        app.log,
      )
    : inDatabase;
  const counters = withLocalFallback(shared, app.log);
  app.addHook('onClose', async () => counters.close());
  // Routes opt in with `config.rateLimit` (the option builders below).
  await app.register(rateLimit, { global: false, store: counterStore(counters) });
}

/**
 * The counters as @fastify/rate-limit's store. Each limit's key generator names the limit in the key, so one
 * store serves every route (a route's `child` is the store itself) and routes may share a count (the notice
 * writes).
 */
function counterStore(counters: RateLimitCounters): FastifyRateLimitStoreCtor {
  return class CounterStore implements FastifyRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow?: number,
    ): void {
      counters.hit(key, timeWindow ?? MINUTE_MS).then(
        (count) => callback(null, { current: count.hits, ttl: count.resetsInMs }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }
    child(): FastifyRateLimitStore {
      return this;
    }
  };
}

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** How long until a window ends, rounded up, as a person says it: "40 seconds", "1 minute", "12 minutes". */
export function waitText(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  return seconds < 60 ? plural(seconds, 'second') : plural(Math.ceil(seconds / 60), 'minute');
}

/** A user's own count of one limit; an address's only if a route ever let a signed-out caller this far. */
const userKey = (name: string, request: FastifyRequest) =>
  request.user ? `${name}:user:${request.user.id}` : `${name}:address:${request.ip}`;

interface UserLimit {
  /** The limit's name in its keys. */
  name: string;
  max: number;
  windowMs: number;
  /** The refusal: `max` and how long until the window ends (waitText). */
  refusal: (max: number, wait: string) => string;
}

/**
 * A limit per signed-in user, so one account cannot send more from many addresses (nor one office's users
 * share a count). Runs before the body is read (`preParsing`), after the session is resolved and the route's
 * guard has refused anyone signed out (both `onRequest`): a refused upload is never read.
 */
function perUserLimit(limit: UserLimit): RateLimitOptions {
  return {
    max: limit.max,
    timeWindow: limit.windowMs,
    hook: 'preParsing',
    keyGenerator: (request) => userKey(limit.name, request),
    errorResponseBuilder: (_request, context) =>
      new ServiceError('RATE_LIMITED', limit.refusal(context.max, waitText(context.ttl))),
  };
}

/**
 * The limit of sign-in, signup and code-entry routes: RATE_LIMIT_AUTH_PER_MINUTE per minute and client
 * address (behind a proxy, set TRUST_PROXY so the address is the client's), each route counted on its own and
 * shared by all instances, so more instances give a guesser no more tries. Refusals are 429
 * `{error, message: 'RATE_LIMITED'}` with Retry-After; the client words the code.
 */
export function authRateLimit(env: Pick<Env, 'RATE_LIMIT_AUTH_PER_MINUTE'>): RateLimitOptions {
  return {
    max: env.RATE_LIMIT_AUTH_PER_MINUTE,
    timeWindow: MINUTE_MS,
    keyGenerator: (request) => `auth:${request.routeOptions.url ?? request.url}:${request.ip}`,
    errorResponseBuilder: () =>
      new ServiceError('RATE_LIMITED', AUTH_CODES.rateLimited, { reason: AUTH_CODES.rateLimited }),
  };
}

/** The assistant's questions: RATE_LIMIT_ASSISTANT_PER_MINUTE per minute and user. */
export function assistantRateLimit(env: Pick<Env, 'RATE_LIMIT_ASSISTANT_PER_MINUTE'>): RateLimitOptions {
  return perUserLimit({
    name: 'assistant',
    max: env.RATE_LIMIT_ASSISTANT_PER_MINUTE,
    windowMs: MINUTE_MS,
    refusal: (max, wait) =>
      `Too many questions: you have asked ${max} in the last minute. Please wait ${wait} before asking another.`,
  });
}

/** Ticket creation, any priority: RATE_LIMIT_TICKETS_PER_MINUTE per minute and user. */
export function ticketRateLimit(env: Pick<Env, 'RATE_LIMIT_TICKETS_PER_MINUTE'>): RateLimitOptions {
  return perUserLimit({
    name: 'tickets',
    max: env.RATE_LIMIT_TICKETS_PER_MINUTE,
    windowMs: MINUTE_MS,
    refusal: (max, wait) =>
      `You have opened ${plural(max, 'ticket')} in the last minute. Please wait ${wait} before opening another.`,
  });
}

/** Replies and internal notes: RATE_LIMIT_COMMENTS_PER_MINUTE per minute and user. */
export function commentRateLimit(env: Pick<Env, 'RATE_LIMIT_COMMENTS_PER_MINUTE'>): RateLimitOptions {
  return perUserLimit({
    name: 'comments',
    max: env.RATE_LIMIT_COMMENTS_PER_MINUTE,
    windowMs: MINUTE_MS,
    refusal: (max, wait) =>
      `You have sent ${plural(max, 'reply or note', 'replies and notes')} in the last minute. Please wait ${wait} before sending another.`,
  });
}

/** Bulk changes of the queue: RATE_LIMIT_TICKET_BULK_PER_MINUTE per minute and user. */
export function ticketBulkRateLimit(env: Pick<Env, 'RATE_LIMIT_TICKET_BULK_PER_MINUTE'>): RateLimitOptions {
  return perUserLimit({
    name: 'ticket-bulk',
    max: env.RATE_LIMIT_TICKET_BULK_PER_MINUTE,
    windowMs: MINUTE_MS,
    refusal: (max, wait) =>
      `You have made ${plural(max, 'bulk change')} in the last minute. Please wait ${wait} before making another.`,
  });
}

/** Attachment uploads: RATE_LIMIT_ATTACHMENTS_PER_MINUTE per minute and user, refused before the file is read. */
export function attachmentRateLimit(env: Pick<Env, 'RATE_LIMIT_ATTACHMENTS_PER_MINUTE'>): RateLimitOptions {
  return perUserLimit({
    name: 'attachments',
    max: env.RATE_LIMIT_ATTACHMENTS_PER_MINUTE,
    windowMs: MINUTE_MS,
    refusal: (max, wait) =>
      `You have attached ${plural(max, 'file')} in the last minute. Please wait ${wait} before attaching another.`,
  });
}

/** Download links (each one a compliance record): RATE_LIMIT_DOWNLOADS_PER_MINUTE per minute and user. */
export function downloadRateLimit(env: Pick<Env, 'RATE_LIMIT_DOWNLOADS_PER_MINUTE'>): RateLimitOptions {
  return perUserLimit({
    name: 'downloads',
    max: env.RATE_LIMIT_DOWNLOADS_PER_MINUTE,
    windowMs: MINUTE_MS,
    refusal: (max, wait) =>
      `You have requested ${plural(max, 'download')} in the last minute. Please wait ${wait} before requesting another.`,
  });
}

/** Notice creates, updates, deletes and restores together: RATE_LIMIT_NOTICE_WRITES_PER_MINUTE per minute and admin. */
export function noticeWriteRateLimit(
  env: Pick<Env, 'RATE_LIMIT_NOTICE_WRITES_PER_MINUTE'>,
): RateLimitOptions {
  return perUserLimit({
    name: 'notice-writes',
    max: env.RATE_LIMIT_NOTICE_WRITES_PER_MINUTE,
    windowMs: MINUTE_MS,
    refusal: (max, wait) =>
      `You have saved, deleted or restored ${plural(max, 'notice')} in the last minute. Please wait ${wait} before changing another.`,
  });
}

/** "Mark all as read" of the notices: RATE_LIMIT_NOTICE_MARK_ALL_PER_MINUTE per minute and user. */
export function noticeMarkAllRateLimit(
  env: Pick<Env, 'RATE_LIMIT_NOTICE_MARK_ALL_PER_MINUTE'>,
): RateLimitOptions {
  return perUserLimit({
    name: 'notice-mark-all',
    max: env.RATE_LIMIT_NOTICE_MARK_ALL_PER_MINUTE,
    windowMs: MINUTE_MS,
    refusal: (max, wait) =>
      `You have marked every notice read ${plural(max, 'time')} in the last minute. Please wait ${wait} before doing it again.`,
  });
}

/**
 * "Was this article helpful?" votes: RATE_LIMIT_ARTICLE_VOTES_PER_MINUTE per minute and signed-in user, or per
 * client address for a visitor (whose voter cookie is theirs to drop), refused before the body is read.
 */
export function articleVoteRateLimit(
  env: Pick<Env, 'RATE_LIMIT_ARTICLE_VOTES_PER_MINUTE'>,
): RateLimitOptions {
  return perUserLimit({
    name: 'article-votes',
    max: env.RATE_LIMIT_ARTICLE_VOTES_PER_MINUTE,
    windowMs: MINUTE_MS,
    refusal: (max, wait) =>
      `You have answered 'Was this article helpful?' ${plural(max, 'time')} in the last minute. Please wait ${wait} before answering again.`,
  });
}

/** The ticket forms' reports of suggested and opened articles: RATE_LIMIT_DEFLECTION_PER_MINUTE per minute and user. */
export function deflectionRateLimit(env: Pick<Env, 'RATE_LIMIT_DEFLECTION_PER_MINUTE'>): RateLimitOptions {
  return perUserLimit({
    name: 'deflection',
    max: env.RATE_LIMIT_DEFLECTION_PER_MINUTE,
    windowMs: MINUTE_MS,
    refusal: (max, wait) =>
      `Your ticket forms have reported ${plural(max, 'suggestion')} in the last minute. Please wait ${wait}.`,
  });
}

/**
 * P1 tickets: RATE_LIMIT_P1_TICKETS_PER_HOUR per hour and user, on top of {@link ticketRateLimit}. Each P1 pages
 * the on-call engineers, so the window is an hour: a customer in an outage opens one or two, and a burst
 * cannot page anyone more than a few times. The priority is in the body, so this is a `preHandler` (after
 * the body is read and validated) that the route calls for P1 only.
 */
export function p1TicketRateLimit(
  app: FastifyInstance,
): (request: FastifyRequest, reply: FastifyReply) => Promise<void> {
  const check = app.createRateLimit({
    max: app.env.RATE_LIMIT_P1_TICKETS_PER_HOUR,
    timeWindow: HOUR_MS,
    keyGenerator: (request) => userKey('p1-tickets', request),
  });
  return async (request, reply) => {
    const result = await check(request);
    if (result.isAllowed || !result.isExceeded) return;
    // The same headers as the plugin's refusals, for this limit rather than the route's.
    reply
      .header('x-ratelimit-limit', result.max)
      .header('x-ratelimit-remaining', 0)
      .header('x-ratelimit-reset', result.ttlInSeconds)
      .header('retry-after', result.ttlInSeconds);
    throw new ServiceError(
      'RATE_LIMITED',
      `You have opened ${plural(result.max, 'P1 ticket')} in the last hour. Please wait ${waitText(result.ttl)} ` +
        'before opening another P1, or add what is new to a P1 ticket you have open.',
    );
  };
}

/**
 * "Sync now" of the vendor feeds: RATE_LIMIT_CONTENT_SYNC_PER_MINUTE per minute and admin (each one is a round of
 * calls to a vendor whose own limits are shared with everything else using its API).
 */
export function contentSyncRateLimit(env: Pick<Env, 'RATE_LIMIT_CONTENT_SYNC_PER_MINUTE'>): RateLimitOptions {
  return perUserLimit({
    name: 'content-sync',
    max: env.RATE_LIMIT_CONTENT_SYNC_PER_MINUTE,
    windowMs: MINUTE_MS,
    refusal: (max, wait) =>
      `You have started ${plural(max, 'sync')} in the last minute. Please wait ${wait} before starting another.`,
  });
}

/** Canned reply creates, updates and deletes together: RATE_LIMIT_CANNED_REPLY_WRITES_PER_MINUTE per minute and admin. */
export function cannedReplyWriteRateLimit(
  env: Pick<Env, 'RATE_LIMIT_CANNED_REPLY_WRITES_PER_MINUTE'>,
): RateLimitOptions {
  return perUserLimit({
    name: 'canned-reply-writes',
    max: env.RATE_LIMIT_CANNED_REPLY_WRITES_PER_MINUTE,
    windowMs: MINUTE_MS,
    refusal: (max, wait) =>
      `You have saved or deleted ${plural(max, 'canned reply', 'canned replies')} in the last minute. Please wait ${wait} before changing another.`,
  });
}

/**
 * Tracker issues linked to and unlinked from tickets together: RATE_LIMIT_ISSUE_LINK_WRITES_PER_MINUTE per
 * minute and agent (each link asks the tracker, as the agent, whether the issue exists).
 */
export function issueLinkWriteRateLimit(
  env: Pick<Env, 'RATE_LIMIT_ISSUE_LINK_WRITES_PER_MINUTE'>,
): RateLimitOptions {
  return perUserLimit({
    name: 'issue-link-writes',
    max: env.RATE_LIMIT_ISSUE_LINK_WRITES_PER_MINUTE,
    windowMs: MINUTE_MS,
    refusal: (max, wait) =>
      `You have linked or unlinked ${plural(max, 'issue')} in the last minute. Please wait ${wait} before changing another link.`,
  });
}
