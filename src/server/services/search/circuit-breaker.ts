/**
 * A circuit breaker per search source: after `failureThreshold` consecutive failures or timeouts it opens
 * and the source is skipped (reported as `error` at once, no waiting) for `cooldownMs`; then it is half-open
 * and lets one trial search through. Success closes it, failure opens it again for another cool-down.
 * A failure that says how long the source asked to be left alone (a vendor's rate limit: `retryAfterMs`)
 * keeps the breaker open at least that long, so a rate-limited vendor is not asked again on every search.
 * State is per instance: each instance learns on its own that a source is down, which is what a breaker
 * needs (it protects this instance's latency).
 */
export type BreakerState = 'closed' | 'open' | 'half-open';

export interface CircuitBreakerOptions {
  failureThreshold: number;
  cooldownMs: number;
  now?: () => number;
}

export class CircuitBreaker {
  private failures = 0;
  private openedAt = 0;
  private opened = false;
  /** The latest time a failure asked to be left alone until (0: none since the last success). */
  private notBefore = 0;
  private trialInFlight = false;
  private readonly now: () => number;

  constructor(private readonly options: CircuitBreakerOptions) {
    this.now = options.now ?? Date.now;
  }

  get state(): BreakerState {
    if (!this.opened) return 'closed';
    const now = this.now();
    return now - this.openedAt >= this.options.cooldownMs && now >= this.notBefore ? 'half-open' : 'open';
  }

  /** Whether a call may go through now; in half-open state only one trial at a time. */
  tryAcquire(): boolean {
    const state = this.state;
    if (state === 'closed') return true;
    if (state === 'open' || this.trialInFlight) return false;
    this.trialInFlight = true;
    return true;
  }

  onSuccess(): void {
    this.failures = 0;
    this.opened = false;
    this.notBefore = 0;
    this.trialInFlight = false;
  }

  /**
   * The call ended without saying anything about the source's health (the source refused the input): the
   * count stays as it is, and a half-open trial may be made again by the next call.
   */
  onNeutral(): void {
    this.trialInFlight = false;
  }

  /** `retryAfterMs`: how long the source asked to be left alone, when it said. */
  onFailure(retryAfterMs?: number): void {
    this.failures += 1;
    if (retryAfterMs !== undefined) this.notBefore = Math.max(this.notBefore, this.now() + retryAfterMs);
    if (this.trialInFlight || this.failures >= this.options.failureThreshold) {
      this.opened = true;
      this.openedAt = this.now();
    }
    this.trialInFlight = false;
  }
}
