/**
 * How long to wait before the next attempt of a vendor call: what the vendor said (`Retry-After`, else
 * `X-RateLimit-Reset`), else a full-jitter exponential backoff.
 */

/** The form a vendor writes `X-RateLimit-Reset` in; a vendor whose header means something else sets none. */
export type RateLimitResetForm = 'epoch-seconds' | 'iso-time';

export interface BackoffPolicy {
  /** The first retry's window. */
  baseMs: number;
  /** The widest window. */
  capMs: number;
  /** Attempts in all, the first included. */
  attempts: number;
}

export const DEFAULT_BACKOFF: BackoffPolicy = { baseMs: 250, capMs: 4000, attempts: 3 };

/**
 * RFC 9110 section 10.2.3 (https://www.rfc-editor.org/rfc/rfc9110#section-10.2.3): `Retry-After` is
 * delay-seconds (`1*DIGIT`) or an HTTP-date (`Sun, 06 Nov 1994 08:49:37 GMT`).
 */
function parseRetryAfter(value: string, now: number): number | undefined {
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/**
 * GitBook: "The time at which the current rate limit window resets in UTC epoch seconds"
 * (https://gitbook.com/docs/developers/gitbook-api/rate-limiting; its 429 carries no `Retry-After`).
 * Jira Cloud: "the timestamp (in ISO 8601 format) when the rate limit will reset ... yyyy-MM-ddTHH:mmZ"
 * (https://developer.atlassian.com/cloud/jira/platform/rate-limiting), beside a `Retry-After` in seconds,
 * which is the more precise and is read first.
 */
function parseRateLimitReset(value: string, form: RateLimitResetForm, now: number): number | undefined {
  const text = value.trim();
  const at =
    form === 'epoch-seconds'
      ? /^\d+(\.\d+)?$/.test(text)
        ? Number(text) * 1000
        : Number.NaN
      : /^\d{4}-\d{2}-\d{2}T/.test(text)
        ? Date.parse(text)
        : Number.NaN;
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/**
 * The wait a vendor's answer asks for, in milliseconds from `now`, when it says: `Retry-After` first
 * (Zendesk documents seconds on its 429s, https://developer.zendesk.com/api-reference/introduction/rate-limits;
 * Jira sends it on 429s and some 503s), else `X-RateLimit-Reset` in the vendor's `resetForm`.
 */
export function vendorWaitMs(
  headers: Headers,
  now: number,
  resetForm: RateLimitResetForm | undefined,
): number | undefined {
  const retryAfter = headers.get('retry-after');
  const fromRetryAfter = retryAfter === null ? undefined : parseRetryAfter(retryAfter, now);
  if (fromRetryAfter !== undefined) return fromRetryAfter;
  const reset = headers.get('x-ratelimit-reset');
  return reset === null || resetForm === undefined ? undefined : parseRateLimitReset(reset, resetForm, now);
}

/**
 * "Full jitter" (https://aws.amazon.com/blogs/architecture/exponential-backoff-and-jitter/): uniform in
 * `[0, min(cap, base * 2^retry))`, so clients that failed together do not come back together. `random` is
 * `Math.random` outside tests.
 */
export function backoffMs(retry: number, policy: BackoffPolicy, random: () => number): number {
  return Math.floor(random() * Math.min(policy.capMs, policy.baseMs * 2 ** retry));
}
