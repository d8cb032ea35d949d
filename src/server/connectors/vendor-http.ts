/**
 * The one way a vendor adapter (Zendesk, Jira, GitBook, Forumbee) calls its vendor over HTTP, with Node's
 * global fetch. Per call it gives:
 * - a timeout per attempt (`attemptTimeoutMs`), joined with the caller's `signal` and cut at its `deadline`;
 * - retries of idempotent calls only (GET, HEAD, and a POST marked `readOnly`) on 429, 502, 503, 504 and a
 *   failed connection: 3 attempts, full-jitter exponential backoff (250 ms base, 4 s cap), unless the vendor
 *   says how long to wait (`Retry-After`, else `X-RateLimit-Reset` in the form its `rateLimitReset` names).
 *   A wait that does not fit before the deadline is not waited: the call fails at once with `UNAVAILABLE`
 *   and `retryAfterMs`, which keeps the search source's breaker open that long (source-failure.ts);
 * - every answer read through the call's zod schema; a mismatch is a `VendorContractError`, logged with the
 *   vendor, method and path, never the body;
 * - vendor statuses as `ServiceError` codes: 400 and 422 `INVALID_INPUT`; 401 `UNAUTHENTICATED` after one
 *   `refresh` and one more try; 403 `FORBIDDEN`; 404 `NOT_FOUND`; 409 `CONFLICT`; an exhausted 429 or any
 *   other failure `UNAVAILABLE` (vendor-http/vendor-errors.ts). An error body, JSON or text, is kept as the
 *   error's `detail`;
 * - log lines with `Authorization`, tokens and secrets masked (vendor-http/redact.ts).
 *
 * One client per vendor (per Jira user, since the token is theirs):
 *
 *   const jira = createVendorHttp({
 *     vendor: 'jira',
 *     baseUrl: `${env.JIRA_API_URL}/ex/jira/${cloudId}`,
 *     log,
 *     headers: async () => ({ authorization: `Bearer ${await grants.accessToken(userId)}` }),
 *     refresh: () => grants.refresh(userId),
 *     rateLimitReset: 'iso-time',
 *   });
 *   const page = await jira.request({
 *     method: 'POST',
 *     path: '/rest/api/3/search/jql',
 *     readOnly: true,
 *     body: { jql, maxResults: 20, fields: ['summary', 'status'] },
 *     schema: searchPageSchema,
 *     signal,
 *     deadline: Date.now() + 2000,
 *   });
 */
import { redactingLog, type VendorLog } from './vendor-http/redact.js';
import { sendVendorRequest, type VendorCall, type VendorClient } from './vendor-http/request-loop.js';
import { DEFAULT_BACKOFF, type BackoffPolicy, type RateLimitResetForm } from './vendor-http/retry-wait.js';

export type { VendorLog } from './vendor-http/redact.js';
export type { HttpMethod, VendorCall } from './vendor-http/request-loop.js';
export type { BackoffPolicy, RateLimitResetForm } from './vendor-http/retry-wait.js';
export { VendorContractError, VendorError } from './vendor-http/vendor-errors.js';

export interface VendorHttpOptions {
  /** Names the vendor in log lines and errors (`zendesk`, `jira`, `gitbook`, `forumbee`). */
  vendor: string;
  baseUrl: string;
  log: VendorLog;
  /** Headers of every attempt (the credentials), read again after a refresh. */
  headers?: () => Record<string, string> | Promise<Record<string, string>>;
  /** Renews the credentials after a 401; single-flight is the adapter's (its token store). */
  refresh?: () => Promise<void>;
  /** How the vendor writes `X-RateLimit-Reset`: GitBook `epoch-seconds`, Jira `iso-time`; else ignored. */
  rateLimitReset?: RateLimitResetForm;
  /** Longest one attempt may take; 10 s unless set. */
  attemptTimeoutMs?: number;
  /**
   * Longest wait a vendor may ask for between attempts (`Retry-After`, `X-RateLimit-Reset`): 60 s unless set.
   * A longer one fails the call at once with `retryAfterMs`, deadline or not: a background sync must not hold its
   * lease through an hour-long rate-limit window.
   */
  maxWaitMs?: number;
  backoff?: BackoffPolicy;
  /** The jitter's source, in [0, 1): `Math.random` unless a test sets it. */
  random?: () => number;
  /** The clock of deadlines and of `Retry-After` dates: `Date.now` unless a test sets it. */
  now?: () => number;
  fetch?: typeof fetch;
}

export interface VendorHttp {
  request<T>(call: VendorCall<T>): Promise<T>;
}

export const DEFAULT_ATTEMPT_TIMEOUT_MS = 10_000;
export const DEFAULT_MAX_WAIT_MS = 60_000;

export function createVendorHttp(options: VendorHttpOptions): VendorHttp {
  const client: VendorClient = {
    vendor: options.vendor,
    baseUrl: options.baseUrl,
    log: redactingLog(options.log),
    headers: options.headers,
    refresh: options.refresh,
    rateLimitReset: options.rateLimitReset,
    attemptTimeoutMs: options.attemptTimeoutMs ?? DEFAULT_ATTEMPT_TIMEOUT_MS,
    maxWaitMs: options.maxWaitMs ?? DEFAULT_MAX_WAIT_MS,
    backoff: options.backoff ?? DEFAULT_BACKOFF,
    random: options.random ?? Math.random,
    now: options.now ?? Date.now,
    fetch: options.fetch ?? fetch,
  };
  return { request: (call) => sendVendorRequest(client, call) };
}
