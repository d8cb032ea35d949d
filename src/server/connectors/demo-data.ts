import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { helpdeskTickets } from './helpdesk/builtin/schema.js';
import { demoTickets } from './ticket-desk/builtin/demo-tickets.js';
import { demoIssues } from './tracker/builtin/demo-issues.js';
import { trackerIssues } from './tracker/builtin/schema.js';

export interface SeedResult {
  ticketsInserted: number;
  issuesInserted: number;
}

/**
 * Inserts the demo tickets and defects of the built-in ticket desk and tracker, into their own tables (the
 * knowledge base, docs and community come from `content/`, see services/content). Idempotent and safe when several instances start at
 * once: tickets are seeded only into an empty table, issues are keyed by their key.
 */
export async function seedDemoData(db: Database): Promise<SeedResult> {
  const ticketsInserted = await db.transaction(async (tx) => {
    // Serialise concurrent first starts: the table check and the insert must not interleave.
    await tx.execute(sqlLock);
    const [existing] = await tx.select({ id: helpdeskTickets.id }).from(helpdeskTickets).limit(1);
    if (existing) return 0;
    const rows = await tx
      .insert(helpdeskTickets)
      .values(
        demoTickets.map((ticket) => ({
          subject: ticket.subject,
          description: ticket.description,
          status: ticket.status,
          requesterEmail: ticket.requesterEmail,
          organisation: ticket.organisation,
          createdAt: new Date(ticket.createdAt),
          updatedAt: new Date(ticket.createdAt),
        })),
      )
      .returning({ id: helpdeskTickets.id });
    return rows.length;
  });
  const issues = await db
    .insert(trackerIssues)
    .values(demoIssues.map((issue) => ({ ...issue })))
    .onConflictDoNothing({ target: trackerIssues.key })
    .returning({ id: trackerIssues.id });
  return { ticketsInserted, issuesInserted: issues.length };
}

const sqlLock = sql`select pg_advisory_xact_lock(7354120003)`;
