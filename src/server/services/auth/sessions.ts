import { and, count, eq, gt, lt, or, sql } from 'drizzle-orm';
import type { AuthLevel } from '../../../common/users.js';
import type { Database } from '../../db/client.js';
import { sessions, users } from '../../db/schema/index.js';
import { randomToken, sha256Hex } from '../../lib/tokens.js';
import { SESSION_ENDED_CHANNEL } from './session-events.js';
import { portalUserColumns, type PortalUser } from './users.js';

/** How long a session lives: without activity (idle) and at most (absolute). */
export interface SessionPolicy {
  idleMs: number;
  absoluteMs: number;
}

/** `last_seen_at` is written at most this often, so a busy page does not write on every call. */
export const SESSION_TOUCH_INTERVAL_MS = 60_000;

/**
 * How long after the last write of `last_seen_at` a request writes it again: a minute, or a quarter of the
 * idle timeout when that is shorter. A request finds `last_seen_at` at most this old, so a session used at
 * least every `idle - touch` (three quarters of the idle timeout at the minimum of one minute) never ends
 * for idleness.
 */
export function sessionTouchIntervalMs(policy: Pick<SessionPolicy, 'idleMs'>): number {
  return Math.min(SESSION_TOUCH_INTERVAL_MS, Math.floor(policy.idleMs / 4));
}

export interface ActiveSession {
  /** SHA-256 of the cookie token (the row id). */
  id: string;
  userId: string;
  authLevel: AuthLevel;
  trackerAuthorized: boolean;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
}

export interface ResolvedSession {
  session: ActiveSession;
  user: PortalUser;
}

export interface CreateSessionOptions {
  db: Database;
  userId: string;
  authLevel: AuthLevel;
  policy: SessionPolicy;
  /** The token of the session the browser had before: deleted, so every sign-in gets a new id. */
  replacesToken?: string | undefined;
  trackerAuthorized?: boolean;
  now?: Date;
}

/**
 * Sessions still usable, on every instance (the metrics' gauge): neither past their absolute end nor idle
 * longer than the policy allows. One indexed range count: creating a session sweeps the ended ones.
 */
export async function countActiveSessions(
  db: Database,
  policy: Pick<SessionPolicy, 'idleMs'>,
  now = new Date(),
): Promise<number> {
  const [row] = await db
    .select({ active: count() })
    .from(sessions)
    .where(
      and(gt(sessions.expiresAt, now), gt(sessions.lastSeenAt, new Date(now.getTime() - policy.idleMs))),
    );
  return row?.active ?? 0;
}

/** A new session. Answers the token for the cookie; only its hash is stored. */
export async function createSession(
  options: CreateSessionOptions,
): Promise<{ token: string; session: ActiveSession }> {
  const { db, policy } = options;
  const now = options.now ?? new Date();
  if (options.replacesToken) await deleteSession({ db, token: options.replacesToken });
  // Sweep sessions that can no longer be used, so the table does not grow without a scheduler.
  await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, new Date(now.getTime() - policy.idleMs))));
  const token = randomToken();
  const [row] = await db
    .insert(sessions)
    .values({
      id: sha256Hex(token),
      userId: options.userId,
      authLevel: options.authLevel,
      trackerAuthorized: options.trackerAuthorized ?? false,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + policy.absoluteMs),
    })
    .returning();
  if (!row) throw new Error('session insert returned no row');
  return { token, session: row };
}

/** What resolving a token answers when this request found its session past a timeout (and ended it). */
export const SESSION_ENDED = 'ended';

/**
 * The live session of a cookie token, with its user. A session past its idle or absolute timeout is deleted
 * and answers {@link SESSION_ENDED}; a token of no session (logged out, replaced by a newer sign-in, forged)
 * answers null. Activity is recorded at most once a minute, more often for idle timeouts under four minutes
 * ({@link sessionTouchIntervalMs}).
 */
export async function resolveSession(options: {
  db: Database;
  token: string;
  policy: SessionPolicy;
  now?: Date;
}): Promise<ResolvedSession | typeof SESSION_ENDED | null> {
  const { db, policy } = options;
  const now = options.now ?? new Date();
  const id = sha256Hex(options.token);
  const [row] = await db
    .select({ session: sessions, user: portalUserColumns })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, id))
    .limit(1);
  if (!row) return null;
  const { session, user } = row;
  const idleEnd = session.lastSeenAt.getTime() + policy.idleMs;
  if (session.expiresAt.getTime() <= now.getTime() || idleEnd <= now.getTime()) {
    await db.delete(sessions).where(eq(sessions.id, id));
    return SESSION_ENDED;
  }
  if (now.getTime() - session.lastSeenAt.getTime() >= sessionTouchIntervalMs(policy)) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, id));
    session.lastSeenAt = now;
  }
  return { session, user };
}

/**
 * Deletes the session of a token and tells every instance (session-events.ts), which end its live streams;
 * nothing happens when there is none (logout is idempotent). One statement: the notice goes out only for a
 * session that existed, and only once its deletion is committed.
 */
export async function deleteSession(options: { db: Database; token: string }): Promise<void> {
  await options.db.execute(sql`
    with ended as (
      delete from ${sessions} where ${sessions.id} = ${sha256Hex(options.token)} returning ${sessions.id} as id
    )
    select pg_notify(${SESSION_ENDED_CHANNEL}, ended.id) from ended`);
}

export async function markTrackerAuthorized(options: { db: Database; sessionId: string; userId: string }) {
  await options.db
    .update(sessions)
    .set({ trackerAuthorized: true })
    .where(and(eq(sessions.id, options.sessionId), eq(sessions.userId, options.userId)));
}
