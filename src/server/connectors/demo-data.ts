import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { seedDemoCannedReplies } from '../db/seed/demo-canned-replies.js';
import { helpdeskTicketComments, helpdeskTickets, helpdeskUsers } from './helpdesk/builtin/schema.js';
import { demoRequesters, demoTicketsAt } from './ticket-desk/builtin/demo-tickets.js';
import { demoIssues } from './tracker/builtin/demo-issues.js';
import { trackerIssues } from './tracker/builtin/schema.js';

export interface SeedResult {
  ticketsInserted: number;
  issuesInserted: number;
  cannedRepliesInserted: number;
}

/**
 * Inserts the demo tickets and defects of the built-in ticket desk and tracker, into their own tables, and the
 * agents' demo canned replies (the knowledge base, docs and community come from `content/`, see
 * services/content). Idempotent and safe when several instances start at once: tickets and canned replies are
 * seeded only into an empty table, issues are keyed by their key.
 */
export async function seedDemoData(db: Database): Promise<SeedResult> {
  const ticketsInserted = await db.transaction(async (tx) => {
    // Serialise concurrent first starts: the table check and the insert must not interleave.
    await tx.execute(sqlLock);
    const [existing] = await tx.select({ id: helpdeskTickets.id }).from(helpdeskTickets).limit(1);
    if (existing) return 0;
    const tickets = demoTicketsAt(Date.now());
    await tx
      .insert(helpdeskUsers)
      .values(demoRequesters.map((person) => ({ ...person, role: 'customer' as const })))
      .onConflictDoNothing({ target: helpdeskUsers.email });
    const rows = await tx
      .insert(helpdeskTickets)
      .values(
        tickets.map((ticket) => ({
          subject: ticket.subject,
          description: ticket.description,
          status: ticket.status,
          priority: ticket.priority,
          requesterEmail: ticket.requesterEmail,
          organisation: ticket.organisation,
          tier: ticket.tier,
          assigneeEmail: ticket.assigneeEmail,
          firstResponseDueAt: date(ticket.firstResponseDueAt),
          firstRespondedAt: date(ticket.firstRespondedAt),
          publicComments: ticket.replies.map((reply) => reply.body).join(' '),
          createdAt: new Date(ticket.createdAt),
          updatedAt: new Date(ticket.updatedAt),
        })),
      )
      .returning({ id: helpdeskTickets.id });
    const comments = rows.flatMap((row, index) =>
      (tickets[index]?.replies ?? []).map((reply) => ({
        ticketId: row.id,
        authorEmail: reply.authorEmail,
        authorName: reply.authorName,
        authorType: reply.authorType,
        body: reply.body,
        internal: false,
        createdAt: new Date(reply.createdAt),
      })),
    );
    if (comments.length > 0) await tx.insert(helpdeskTicketComments).values(comments);
    return rows.length;
  });
  const issues = await db
    .insert(trackerIssues)
    .values(demoIssues.map((issue) => ({ ...issue })))
    .onConflictDoNothing({ target: trackerIssues.key })
    .returning({ id: trackerIssues.id });
  const cannedRepliesInserted = await seedDemoCannedReplies(db);
  return { ticketsInserted, issuesInserted: issues.length, cannedRepliesInserted };
}

const date = (iso: string | null) => (iso === null ? null : new Date(iso));

const sqlLock = sql`select pg_advisory_xact_lock(7354120003)`;
