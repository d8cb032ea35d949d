import { setTimeout as delay } from 'node:timers/promises';
import type { VendorLog } from '../../vendor-http.js';
import { vendorWaitMs } from '../../vendor-http/retry-wait.js';

/**
 * Keeps the feed inside GitBook's rate limit instead of running into 429s: GitBook sends
 * `X-RateLimit-Remaining` and `X-RateLimit-Reset` ("the time at which the current rate limit window resets in
 * UTC epoch seconds") on every answer (https://gitbook.com/docs/developers/gitbook-api/rate-limiting), so once
 * an answer says none remain, the next call waits for the reset. The reset is read as the vendor HTTP helper
 * reads it for a 429 (`vendorWaitMs` with `epoch-seconds`).
 */
export interface RatePacer {
  /** Reads the rate-limit headers of an answer. */
  observe(headers: Headers): void;
  /** Waits, when the last answer used up the window, until it resets (or `signal` aborts). */
  ready(signal: AbortSignal): Promise<void>;
}

export function createRatePacer(options: {
  now: () => number;
  maxWaitMs: number;
  log: VendorLog;
}): RatePacer {
  let resumeAt: number | undefined;
  return {
    observe: (headers) => {
      const remaining = headers.get('x-ratelimit-remaining');
      if (remaining === null || !/^\d+$/.test(remaining.trim())) return;
      if (Number(remaining) > 0) {
        resumeAt = undefined;
        return;
      }
      const waitMs = vendorWaitMs(headers, options.now(), 'epoch-seconds');
      resumeAt = waitMs === undefined ? undefined : options.now() + waitMs;
    },
    ready: async (signal) => {
      if (resumeAt === undefined) return;
      // A reset far away (a clock off, a header misread) must not hold the sync for hours: it waits at most
      // `maxWaitMs`, and GitBook answers a 429 if the window is still closed, which the helper waits out.
      const waitMs = Math.min(resumeAt - options.now(), options.maxWaitMs);
      resumeAt = undefined;
      if (waitMs <= 0) return;
      options.log.info({ vendor: 'gitbook', waitMs }, 'GitBook rate limit used up; waiting for its reset');
      try {
        await delay(waitMs, undefined, { signal });
      } catch (error) {
        throw signal.aborted ? signal.reason : error;
      }
    },
  };
}
