import { LRUCache } from 'lru-cache';
import type { Database } from '../../db/client.js';
import { sha256Hex } from '../../lib/tokens.js';
import {
  resolveSession,
  SESSION_ENDED,
  sessionTouchIntervalMs,
  type ResolvedSession,
  type SessionPolicy,
} from './sessions.js';

/**
 * Resolves session cookies, keeping each resolved session in memory for `ttlMs`: a page load makes several
 * calls with one cookie, and on an outage day every signed-in user polls, so most requests would otherwise ask
 * the database the same question again.
 *
 * What it costs: a session ended on another instance (a logout there, an expiry written there) is still
 * accepted here for at most `ttlMs`. This instance's own changes take effect at once (`forget`), timeouts are
 * checked against the kept copy on every hit, and a hit whose activity is due to be written goes to the
 * database, so the idle clock keeps its one-minute resolution. `ttlMs` 0 turns the cache off.
 */
export interface SessionResolver {
  /** The live session; `SESSION_ENDED` when this call found it timed out; null for a token of no session. */
  resolve(token: string, now?: Date): Promise<ResolvedSession | typeof SESSION_ENDED | null>;
  /** The session of `token` changed or ended on this instance: the next request reads the database. */
  forget(token: string): void;
}

interface Kept {
  resolved: ResolvedSession;
  keptAt: number;
}

/** Sessions kept at most; the least recently used leave first. */
const MAX_KEPT = 20_000;

function stillUsable(kept: Kept, policy: SessionPolicy, ttlMs: number, now: number): boolean {
  const { session } = kept.resolved;
  return (
    now - kept.keptAt < ttlMs &&
    session.expiresAt.getTime() > now &&
    session.lastSeenAt.getTime() + policy.idleMs > now &&
    now - session.lastSeenAt.getTime() < sessionTouchIntervalMs(policy)
  );
}

/** Copies, so that a request that changes its session or user objects cannot change another's. */
const copyOf = ({ session, user }: ResolvedSession): ResolvedSession => ({
  session: { ...session },
  user: { ...user },
});

export function createSessionResolver(options: {
  db: Database;
  policy: SessionPolicy;
  ttlMs: number;
}): SessionResolver {
  const { db, policy, ttlMs } = options;
  const kept = new LRUCache<string, Kept>({ max: MAX_KEPT });
  return {
    async resolve(token, now = new Date()) {
      const id = sha256Hex(token);
      const hit = ttlMs > 0 ? kept.get(id) : undefined;
      if (hit && stillUsable(hit, policy, ttlMs, now.getTime())) return copyOf(hit.resolved);
      const resolved = await resolveSession({ db, token, policy, now });
      if (resolved && resolved !== SESSION_ENDED && ttlMs > 0) {
        kept.set(id, { resolved: copyOf(resolved), keptAt: now.getTime() });
      } else kept.delete(id);
      return resolved;
    },
    forget(token) {
      kept.delete(sha256Hex(token));
    },
  };
}
