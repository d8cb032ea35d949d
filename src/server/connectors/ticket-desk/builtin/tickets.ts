import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  ilike,
  inArray,
  isNotNull,
  isNull,
  notInArray,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../../db/client.js';
import type { FullTextOptions } from '../../../lib/fulltext/fulltext-search.js';
import {
  helpdeskTicketComments,
  helpdeskTicketEvents,
  helpdeskTickets,
  helpdeskUsers,
} from '../../helpdesk/builtin/schema.js';
import type {
  HelpdeskComment,
  HelpdeskTicketRecord,
  TicketDeskConnector,
  TicketListQuery,
} from '../types.js';
import { createTicketSearch } from './search.js';
import { likeLiteral } from '../../../lib/like-literal.js';

const requesters = alias(helpdeskUsers, 'requester');
const assignees = alias(helpdeskUsers, 'assignee');

/**
 * The columns a ticket record is made of. Not the stored conversation (only the ticket's page reads it:
 * `ticketConversation`), nor the search text kept for the full-text search (the full-text vectors, the
 * public comments' and internal notes' text): a list of 25 tickets read them all, several KB a row.
 */
const {
  conversation: _conversation,
  publicComments: _publicComments,
  internalNotes: _internalNotes,
  search: _search,
  staffSearch: _staffSearch,
  ...listedColumns
} = getTableColumns(helpdeskTickets);

/** An agent's latest public reply: one index lookup per listed ticket (comments by ticket). */
const lastAgentReply = sql<Date | string | null>`(
  select max(c.created_at) from ${helpdeskTicketComments} c
  where c.ticket_id = ${helpdeskTickets.id} and c.author_type = 'agent' and not c.internal
)`;

const ticketColumns = {
  ticket: listedColumns,
  requesterName: requesters.name,
  assigneeName: assignees.name,
  lastAgentReplyAt: lastAgentReply,
};

type TicketRow = {
  ticket: Omit<
    typeof helpdeskTickets.$inferSelect,
    'conversation' | 'publicComments' | 'internalNotes' | 'search' | 'staffSearch'
  >;
  requesterName: string | null;
  assigneeName: string | null;
  lastAgentReplyAt: Date | string | null;
};

function toRecord({
  ticket,
  requesterName,
  assigneeName,
  lastAgentReplyAt,
}: TicketRow): HelpdeskTicketRecord {
  return {
    id: ticket.id,
    subject: ticket.subject,
    description: ticket.description,
    status: ticket.status,
    priority: ticket.priority,
    type: ticket.type,
    release: ticket.release,
    requester: { email: ticket.requesterEmail, name: requesterName ?? ticket.requesterEmail },
    organisation: ticket.organisation,
    tier: ticket.tier,
    assignee: ticket.assigneeEmail
      ? { email: ticket.assigneeEmail, name: assigneeName ?? ticket.assigneeEmail }
      : null,
    firstResponseDueAt: ticket.firstResponseDueAt,
    firstRespondedAt: ticket.firstRespondedAt,
    // A raw subquery's timestamp comes back as text from PGlite and PostgreSQL alike.
    lastAgentReplyAt: lastAgentReplyAt === null ? null : new Date(lastAgentReplyAt),
    conversationId: ticket.conversationId,
    createdAt: ticket.createdAt,
    updatedAt: ticket.updatedAt,
  };
}

function toComment(row: typeof helpdeskTicketComments.$inferSelect): HelpdeskComment {
  return {
    id: row.id,
    ticketId: row.ticketId,
    author: { email: row.authorEmail, name: row.authorName, type: row.authorType },
    body: row.body,
    internal: row.internal,
    createdAt: row.createdAt,
  };
}

function listConditions(query: TicketListQuery): SQL | undefined {
  const t = helpdeskTickets;
  const conditions: (SQL | undefined)[] = [];
  const { scope } = query;
  if (scope.kind === 'requester') conditions.push(eq(t.requesterEmail, scope.email));
  if (scope.kind === 'organisation') {
    conditions.push(or(eq(t.organisation, scope.organisation), eq(t.requesterEmail, scope.email)));
  }
  if (query.statuses) {
    conditions.push(query.statuses.length > 0 ? inArray(t.status, [...query.statuses]) : sql`false`);
  }
  if (query.priority) conditions.push(eq(t.priority, query.priority));
  if (query.organisation !== undefined) conditions.push(eq(t.organisation, query.organisation));
  if (query.text) conditions.push(textCondition(query.text));
  if (query.assigneeEmail === null) conditions.push(isNull(t.assigneeEmail));
  else if (query.assigneeEmail) conditions.push(eq(t.assigneeEmail, query.assigneeEmail));
  if (query.answered !== undefined) {
    conditions.push(query.answered ? isNotNull(t.firstRespondedAt) : isNull(t.firstRespondedAt));
  }
  if (query.excludeIds && query.excludeIds.length > 0) {
    conditions.push(notInArray(t.id, [...query.excludeIds]));
  }
  return and(...conditions);
}

/**
 * The subject, the requester's name or email holds the words as written; or the ticket's number. Every part
 * is a condition on the ticket row itself (the names as the emails of the users so named), so the trigram
 * indexes of the subject and the email, and the primary key, answer it together (a bitmap OR) at a million
 * tickets; a join's column in the OR would leave a scan of every row.
 */
function textCondition(text: string): SQL | undefined {
  const pattern = `%${likeLiteral(text)}%`;
  const number = /^#?(\d{1,9})$/.exec(text.trim())?.[1];
  const users = helpdeskUsers;
  return or(
    ilike(helpdeskTickets.subject, pattern),
    ilike(helpdeskTickets.requesterEmail, pattern),
    sql`${helpdeskTickets.requesterEmail} = any(array(select ${users.email} from ${users} where ${ilike(users.name, pattern)}))`,
    ...(number ? [eq(helpdeskTickets.id, Number(number))] : []),
  );
}

/**
 * The built-in ticket desk: the built-in help desk's tickets, rows of its own tables (requesters and assignees
 * are its users).
 */
export function createBuiltinTicketDesk(options: {
  db: Database;
  fullText: FullTextOptions;
}): TicketDeskConnector {
  const { db } = options;
  const selectTickets = () =>
    db
      .select(ticketColumns)
      .from(helpdeskTickets)
      .leftJoin(requesters, eq(requesters.email, helpdeskTickets.requesterEmail))
      .leftJoin(assignees, eq(assignees.email, helpdeskTickets.assigneeEmail));

  const getTicket = async (id: number) => {
    const [row] = await selectTickets().where(eq(helpdeskTickets.id, id));
    return row ? toRecord(row) : undefined;
  };

  const mustGet = async (id: number) => {
    const ticket = await getTicket(id);
    if (!ticket) throw new Error(`helpdesk: ticket ${id} vanished`);
    return ticket;
  };

  return {
    ...createTicketSearch(options.fullText),
    async createTicket(input) {
      // The built-in desk shares the portal's database: the provided id stays on the requester's user row.
      const { requesterProvidedId: _providedId, ...ticket } = input;
      const id = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(helpdeskTickets)
          .values({ ...ticket, status: 'new', updatedAt: input.createdAt })
          .returning({ id: helpdeskTickets.id });
        if (!row) throw new Error('helpdesk: no ticket row returned');
        await tx.insert(helpdeskTicketEvents).values({
          ticketId: row.id,
          actorEmail: input.requesterEmail,
          kind: 'created',
          detail: { priority: input.priority, type: input.type },
        });
        return row.id;
      });
      return mustGet(id);
    },

    getTicket,

    async listTickets(query) {
      const where = listConditions(query);
      const t = helpdeskTickets;
      const order =
        query.order === 'created' ? [asc(t.createdAt), asc(t.id)] : [desc(t.updatedAt), desc(t.id)];
      const page = selectTickets()
        .where(where)
        .orderBy(...order)
        .limit(query.limit)
        .offset(query.offset);
      // Asked for the tickets alone: no count statement (even a bounded one reads to the page's end).
      if (query.count === false) {
        const tickets = (await page).map(toRecord);
        return { tickets, count: tickets.length, countIsExact: false };
      }
      // Counted up to one past the bound, in a subquery with a limit: an index scan stops there, where a
      // whole `count(*)` read every selected row (4.8 s at a million tickets). The tickets up to the end of
      // this page are always counted, so a page past the bound still knows whether another follows.
      const bound =
        query.countMax === undefined ? undefined : Math.max(query.countMax, query.offset + query.limit);
      const selected = db
        .select({ one: sql`1` })
        .from(t)
        .where(where);
      const counted =
        bound === undefined ? selected.as('selected') : selected.limit(bound + 1).as('selected');
      const [rows, [total]] = await Promise.all([page, db.select({ value: count() }).from(counted)]);
      const found = total?.value ?? 0;
      const tickets = rows.map(toRecord);
      if (bound !== undefined && found > bound) return { tickets, count: bound, countIsExact: false };
      return { tickets, count: found, countIsExact: true };
    },

    async listComments(ticketId, { includeInternal }) {
      const c = helpdeskTicketComments;
      const rows = await db
        .select()
        .from(c)
        .where(and(eq(c.ticketId, ticketId), includeInternal ? undefined : eq(c.internal, false)))
        .orderBy(asc(c.createdAt), asc(c.id));
      return rows.map(toComment);
    },

    async ticketConversation(ticketId) {
      const [row] = await db
        .select({ conversation: helpdeskTickets.conversation })
        .from(helpdeskTickets)
        .where(eq(helpdeskTickets.id, ticketId));
      return row?.conversation ?? null;
    },

    async listTicketEvents(ticketId) {
      const e = helpdeskTicketEvents;
      const rows = await db
        .select()
        .from(e)
        .where(eq(e.ticketId, ticketId))
        .orderBy(asc(e.createdAt), asc(e.id));
      return rows.map((row) => ({
        id: row.id,
        actorEmail: row.actorEmail,
        kind: row.kind,
        detail: row.detail,
        createdAt: row.createdAt,
      }));
    },

    async addComment({ ticketId, author, body, internal, status }) {
      const comment = await db.transaction(async (tx) => {
        const t = helpdeskTickets;
        const [before] = await tx
          .select({ status: t.status })
          .from(t)
          .where(eq(t.id, ticketId))
          .for('update');
        if (!before) throw new Error(`helpdesk: ticket ${ticketId} vanished`);
        const [row] = await tx
          .insert(helpdeskTicketComments)
          .values({
            ticketId,
            authorEmail: author.email,
            authorName: author.name,
            authorType: author.type,
            body,
            internal,
          })
          .returning();
        if (!row) throw new Error('helpdesk: no comment row returned');
        const stopsClock = !internal && author.type === 'agent';
        await tx
          .update(t)
          .set({
            updatedAt: sql`now()`,
            ...(internal
              ? { internalNotes: sql`${t.internalNotes} || ' ' || ${body}` }
              : { publicComments: sql`${t.publicComments} || ' ' || ${body}` }),
            ...(stopsClock ? { firstRespondedAt: sql`coalesce(${t.firstRespondedAt}, now())` } : {}),
            ...(status ? { status } : {}),
          })
          .where(eq(t.id, ticketId));
        await tx.insert(helpdeskTicketEvents).values({
          ticketId,
          actorEmail: author.email,
          kind: internal ? 'noted' : 'replied',
          detail: { commentId: String(row.id) },
        });
        if (status && status !== before.status) {
          await tx.insert(helpdeskTicketEvents).values({
            ticketId,
            actorEmail: author.email,
            kind: 'status',
            detail: { from: before.status, to: status },
          });
        }
        return row;
      });
      return { comment: toComment(comment), ticket: await mustGet(ticketId) };
    },

    async recordAttachment(ticketId, { fileName, actorEmail }) {
      const recorded = await db.transaction(async (tx) => {
        const t = helpdeskTickets;
        // A new file is a change of the ticket: its "last update" moves, as a reply's does.
        const [row] = await tx
          .update(t)
          .set({ updatedAt: sql`now()` })
          .where(eq(t.id, ticketId))
          .returning({ id: t.id });
        if (!row) return false;
        await tx
          .insert(helpdeskTicketEvents)
          .values({ ticketId, actorEmail, kind: 'attached', detail: { to: fileName } });
        return true;
      });
      return recorded ? mustGet(ticketId) : undefined;
    },

    async updateTicket(id, changes, actorEmail) {
      const changed = await db.transaction(async (tx) => {
        const t = helpdeskTickets;
        const [before] = await tx
          .select({ status: t.status, priority: t.priority, assigneeEmail: t.assigneeEmail })
          .from(t)
          .where(eq(t.id, id))
          .for('update');
        if (!before) return false;
        await tx
          .update(t)
          .set({ ...changes, updatedAt: sql`now()` })
          .where(eq(t.id, id));
        const events = (
          [
            ['status', 'status', before.status, changes.status],
            ['priority', 'priority', before.priority, changes.priority],
            ['assigned', 'assigneeEmail', before.assigneeEmail, changes.assigneeEmail],
          ] as const
        ).filter(([, , from, to]) => to !== undefined && to !== from);
        for (const [kind, , from, to] of events) {
          await tx
            .insert(helpdeskTicketEvents)
            .values({ ticketId: id, actorEmail, kind, detail: { from, to: to ?? null } });
        }
        return true;
      });
      return changed ? mustGet(id) : undefined;
    },
  };
}
