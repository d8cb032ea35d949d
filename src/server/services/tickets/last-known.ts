import { isServiceError } from '../../lib/errors.js';

/**
 * The last good answer of each ticket read (a user's list with its filters, a user's view of one ticket), so
 * that when the ticket desk does not answer (Zendesk timing out, answering 5xx, or a 429 whose wait does not
 * fit the deadline: `UNAVAILABLE`) the page shows how things last stood, with a notice, instead of an error.
 *
 * Kept in memory, per instance, and bounded: the answers are Zendesk's ticket content, which the portal does
 * not store (its `zendesk_ticket_state` table holds only the portal's own facts); a restart or another
 * instance simply has no fallback until its first good read. Keys hold the user's id, so one user's answer is
 * never shown to another (a ticket's visibility was decided when the answer was kept).
 */

/** How many answers are kept; the least recently read go first. */
export const LAST_KNOWN_MAX = 2000;

/** Marks an answer served from memory: `since` is when it was read from the desk. */
export interface StaleMark {
  stale?: { since: string };
}

export interface LastKnown<T extends object> {
  read(key: string, fresh: () => Promise<T>): Promise<T & StaleMark>;
}

export function createLastKnown<T extends object>(
  options: { max?: number; now?: () => number } = {},
): LastKnown<T> {
  const max = options.max ?? LAST_KNOWN_MAX;
  const now = options.now ?? Date.now;
  const kept = new Map<string, { value: T; at: number }>();
  return {
    async read(key, fresh) {
      try {
        const value = await fresh();
        kept.delete(key);
        kept.set(key, { value, at: now() });
        if (kept.size > max) {
          const oldest = kept.keys().next();
          if (!oldest.done) kept.delete(oldest.value);
        }
        return value;
      } catch (error) {
        const last = kept.get(key);
        if (!last || !isServiceError(error) || error.code !== 'UNAVAILABLE') throw error;
        return { ...last.value, stale: { since: new Date(last.at).toISOString() } };
      }
    },
  };
}
