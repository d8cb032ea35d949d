import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { ticketViews } from '../../db/schema/index.js';

/** The user opened the ticket's page now. */
export async function recordTicketView(db: Database, userId: string, ticketId: number): Promise<void> {
  await db
    .insert(ticketViews)
    .values({ userId, ticketId })
    .onConflictDoUpdate({
      target: [ticketViews.userId, ticketViews.ticketId],
      set: { viewedAt: sql`now()` },
    });
}

/** When the user last opened each of these tickets (absent: never). */
export async function lastTicketViews(
  db: Database,
  userId: string,
  ticketIds: readonly number[],
): Promise<Map<number, Date>> {
  if (ticketIds.length === 0) return new Map();
  const rows = await db
    .select({ ticketId: ticketViews.ticketId, viewedAt: ticketViews.viewedAt })
    .from(ticketViews)
    .where(and(eq(ticketViews.userId, userId), inArray(ticketViews.ticketId, [...ticketIds])));
  return new Map(rows.map((row) => [row.ticketId, row.viewedAt]));
}
