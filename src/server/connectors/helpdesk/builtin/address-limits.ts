import { and, count, eq, gt, lt, min, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import { ServiceError } from '../../../lib/errors.js';
import { helpdeskSignInEvents } from './schema.js';

/**
 * How much one email address may ask of the built-in help desk's authorization page in a sliding window
 * (SIGN_IN_CODES_PER_ADDRESS, SIGN_IN_WRONG_CODES_PER_ADDRESS, SIGN_IN_CODE_LIMIT_WINDOW_MINUTES).
 */
export interface OneTimeCodeLimits {
  windowMs: number;
  /** Codes issued (mailed, or not for an address without an account). */
  codesPerAddress: number;
  /** Wrong codes entered, whichever of the address's codes they were meant for. */
  wrongCodesPerAddress: number;
}

/**
 * The per-address limits of the authorization page, kept in the database so that every instance counts the
 * same: each code issued and each wrong code entered is a row of `helpdesk_sign_in_events`, and a limit is
 * the number of rows of an address younger than the window (a sliding window).
 */

export type SignInEventKind = (typeof helpdeskSignInEvents.$inferSelect)['kind'];

/** What an address did within the window, for one kind of event. */
export interface AddressTally {
  count: number;
  /** The oldest event still in the window: the first to leave it. */
  oldest: Date | null;
}

/**
 * Runs `work` in a transaction holding a lock of the address (a PostgreSQL advisory lock, released at
 * commit), so two requests for one address, on any instance, never both count the same last free slot.
 * A thrown error rolls back what `work` wrote.
 */
export function withAddressLock<T>(db: Database, email: string, work: (tx: Database) => Promise<T>) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`helpdesk-sign-in:${email}`}, 0))`);
    return work(tx);
  });
}

export async function tallyAddress(options: {
  db: Database;
  email: string;
  kind: SignInEventKind;
  limits: OneTimeCodeLimits;
  now: Date;
}): Promise<AddressTally> {
  const { db, email, kind } = options;
  const [row] = await db
    .select({ count: count(), oldest: min(helpdeskSignInEvents.createdAt) })
    .from(helpdeskSignInEvents)
    .where(
      and(
        eq(helpdeskSignInEvents.email, email),
        eq(helpdeskSignInEvents.kind, kind),
        gt(helpdeskSignInEvents.createdAt, windowStart(options.limits, options.now)),
      ),
    );
  return { count: row?.count ?? 0, oldest: row?.oldest ?? null };
}

export async function recordEvent(options: {
  db: Database;
  email: string;
  kind: SignInEventKind;
  now: Date;
}): Promise<void> {
  await options.db
    .insert(helpdeskSignInEvents)
    .values({ email: options.email, kind: options.kind, createdAt: options.now });
}

/** Events older than the window count for nothing; deleting them keeps the table small without a scheduler. */
export async function sweepEvents(options: { db: Database; limits: OneTimeCodeLimits; now: Date }) {
  await options.db
    .delete(helpdeskSignInEvents)
    .where(lt(helpdeskSignInEvents.createdAt, windowStart(options.limits, options.now)));
}

function windowStart(limits: OneTimeCodeLimits, now: Date): Date {
  return new Date(now.getTime() - limits.windowMs);
}

/** "Please try again in 12 minutes.": when the oldest event of the tally leaves the window. */
function tryAgainIn(tally: AddressTally, limits: OneTimeCodeLimits, now: Date): string {
  const freedAt = (tally.oldest ?? now).getTime() + limits.windowMs;
  const minutes = Math.max(1, Math.ceil((freedAt - now.getTime()) / 60_000));
  return `Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
}

/** The refusal of an address that has had its codes of the window (`tally`: its codes). */
export function tooManyCodes(tally: AddressTally, limits: OneTimeCodeLimits, now: Date): ServiceError {
  return new ServiceError(
    'RATE_LIMITED',
    `Too many sign-in codes were asked for this address. ${tryAgainIn(tally, limits, now)}`,
  );
}

/** What an address that has had its wrong codes of the window is told (`tally`: its wrong codes). */
export function tooManyWrongCodesSentence(tally: AddressTally, limits: OneTimeCodeLimits, now: Date): string {
  return `Too many wrong codes were entered for this address. ${tryAgainIn(tally, limits, now)}`;
}

export function tooManyWrongCodes(tally: AddressTally, limits: OneTimeCodeLimits, now: Date): ServiceError {
  return new ServiceError('RATE_LIMITED', tooManyWrongCodesSentence(tally, limits, now));
}
