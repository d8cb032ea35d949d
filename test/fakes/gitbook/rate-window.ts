/**
 * GitBook's rate limit as the fake applies it: a fixed window of `limit` calls that opens at the first call
 * and closes `windowMs` later on the fake's clock. GitBook documents the headers, not the window
 * (https://gitbook.com/docs/developers/gitbook-api/rate-limiting), so its length is the test's to choose.
 */
export interface RateLimit {
  limit: number;
  windowMs: number;
}

export interface RateState {
  limit: number;
  remaining: number;
  /** When the window closes, in UTC epoch seconds (rounded up, so waiting until then is always enough). */
  resetEpochSeconds: number;
  /** The call is past the limit: it is refused with a 429. */
  exceeded: boolean;
}

export interface RateWindow {
  /** Counts one call and tells the headers to answer it with. */
  take(): RateState;
  /** A new size and length; the next call opens a new window. */
  reset(limit: RateLimit): void;
}

export function createRateWindow(initial: RateLimit, now: () => number): RateWindow {
  let limit = initial;
  let opened: number | undefined;
  let used = 0;
  return {
    take: () => {
      const at = now();
      if (opened === undefined || at >= opened + limit.windowMs) {
        opened = at;
        used = 0;
      }
      used += 1;
      return {
        limit: limit.limit,
        remaining: Math.max(0, limit.limit - used),
        resetEpochSeconds: Math.ceil((opened + limit.windowMs) / 1000),
        exceeded: used > limit.limit,
      };
    },
    reset: (next) => {
      limit = next;
      opened = undefined;
      used = 0;
    },
  };
}
