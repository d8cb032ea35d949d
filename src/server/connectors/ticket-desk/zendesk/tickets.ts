import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import { ServiceError } from '../../../lib/errors.js';
import type { ZendeskUser } from '../../helpdesk/zendesk/schemas.js';
import { createVendorHttp, VendorError, type VendorHttp, type VendorLog } from '../../vendor-http.js';
import { TICKET_DESK_FAILURES, type TicketDeskFailure } from '../../../../common/tickets.js';
import { createZendeskServiceToken, type ZendeskServiceToken } from '../../zendesk/service-token.js';
import type {
  HelpdeskComment,
  HelpdeskTicketRecord,
  TicketDeskConnector,
  TicketListQuery,
} from '../types.js';
import {
  attachedFileOf,
  attachmentNote,
  customFields,
  personOf,
  toTicketEvents,
  toTicketRecord,
  usersById,
  zendeskPriority,
  type TicketState,
  type ZendeskTicketFields,
} from './records.js';
import { commentAuthorId, signedBody, type CommentWriter } from './comment-authors.js';
import { zendeskTicketState } from './schema.js';
import {
  auditPageSchema,
  commentPageSchema,
  ticketAnswerSchema,
  ticketPageSchema,
  uploadAnswerSchema,
  type ZendeskTicket,
} from './schemas.js';
import { createIncrementalPoll } from './incremental-poll.js';
import { createZendeskTicketSearch } from './search.js';
import { createZendeskUserIds } from './user-ids.js';
import { zendeskWebhookRoutes } from './webhook.js';
import { z } from 'zod';

/**
 * Zendesk Support as the ticket desk. The tickets, their comments, files and history live in Zendesk; the
 * portal keeps what is its own (`zendesk_ticket_state`: organisation, tier, due time, first and last agent
 * reply, the assistant's conversation). Every call goes through the vendor HTTP helper as the portal, with the
 * client-credentials service token.
 *
 * Lists read a scope's tickets by cursor (requester: `GET /api/v2/users/{id}/tickets/requested.json`;
 * everyone: `GET /api/v2/tickets.json`; `page[size]=100`, `meta.after_cursor`,
 * https://developer.zendesk.com/api-reference/introduction/pagination/) up to {@link MAX_LISTED} tickets, and
 * filter, order and page them here, so the filters the portal's queue offers need no search index (which can
 * lag minutes behind a change, Search page). An organisation's tickets are the ones the portal opened for it
 * (its state rows), read with "Show Multiple Tickets" (`GET /api/v2/tickets/show_many.json?ids=`, at most 100).
 */

/** The service token's scopes: `read` and `write` cover tickets, search and uploads (grant_type_tokens page). */
export const ZENDESK_TICKETS_SCOPE = 'read write';

/** A list reads at most this many tickets of its scope (ten cursor pages of 100). */
export const MAX_LISTED = 1000;
const PAGE_SIZE = 100;
const SHOW_MANY_LIMIT = 100;
/**
 * Files up to this size go to Zendesk too; a larger one only by its note (the portal keeps it). Not in the
 * reference pages searched: Zendesk's support site names 50 MB as the attachment limit.
 */
export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;

const errorCode = (error: unknown) => (error instanceof ServiceError ? error.code : 'UNAVAILABLE');

export interface ZendeskTicketDeskOptions {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  fields: ZendeskTicketFields;
  db: Database;
  log: VendorLog;
  /** How long a search may take (SEARCH_SOURCE_TIMEOUT_MS): no retry wait goes past it. */
  searchBudgetMs: number;
  /** How long any other call may take (REQUEST_DEADLINE_MS): the page waiting on it answers by then. */
  callBudgetMs: number;
  /** `ZENDESK_WEBHOOK_SECRET`: the webhook's signing secret; unset, no webhook endpoint. */
  webhookSecret?: string | undefined;
  /**
   * `ZENDESK_TICKET_POLL_SECONDS` in milliseconds: without the webhook, how often the incremental ticket export
   * is polled for changes made in Zendesk (incremental-poll.ts). Unset, or with the webhook, no poll.
   */
  pollIntervalMs?: number | undefined;
  serviceToken?: ZendeskServiceToken;
  now?: () => number;
  fetch?: typeof fetch;
}

/**
 * A create Zendesk did not take, in the words Ticket Creation shows (TICKET_DESK_FAILURES): an answer (5xx,
 * a 429 past the deadline) means nothing was created; no answer (a timeout) means it may have been.
 */
function createFailure(error: unknown): unknown {
  if (!(error instanceof ServiceError) || error.code !== 'UNAVAILABLE') return error;
  const reason: TicketDeskFailure =
    error instanceof VendorError && error.status === undefined
      ? 'HELP_DESK_NO_ANSWER'
      : 'HELP_DESK_UNAVAILABLE';
  return new ServiceError('UNAVAILABLE', TICKET_DESK_FAILURES[reason], { reason, cause: error });
}

const isNotFound = (error: unknown) => error instanceof ServiceError && error.code === 'NOT_FOUND';

async function orUndefined<T>(work: Promise<T>): Promise<T | undefined> {
  try {
    return await work;
  } catch (error) {
    if (isNotFound(error)) return undefined;
    throw error;
  }
}

/** The portal's list filters over tickets already read. */
function selects(query: TicketListQuery, ticket: HelpdeskTicketRecord): boolean {
  if (query.statuses && !query.statuses.includes(ticket.status)) return false;
  if (query.priority && ticket.priority !== query.priority) return false;
  if (query.organisation !== undefined && ticket.organisation !== query.organisation) return false;
  if (query.assigneeEmail === null && ticket.assignee !== null) return false;
  if (query.assigneeEmail && ticket.assignee?.email !== query.assigneeEmail) return false;
  if (query.answered !== undefined && (ticket.firstRespondedAt !== null) !== query.answered) return false;
  if (query.excludeIds?.includes(ticket.id)) return false;
  if (query.text) {
    const text = query.text.trim().toLowerCase();
    const number = /^#?(\d{1,9})$/.exec(text)?.[1];
    const holds = [ticket.subject, ticket.requester.email, ticket.requester.name].some((value) =>
      value.toLowerCase().includes(text),
    );
    if (!holds && !(number !== undefined && Number(number) === ticket.id)) return false;
  }
  return true;
}

const byOrder = (order: TicketListQuery['order']) => (a: HelpdeskTicketRecord, b: HelpdeskTicketRecord) =>
  order === 'created'
    ? a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id
    : b.updatedAt.getTime() - a.updatedAt.getTime() || b.id - a.id;

export function createZendeskTicketDesk(options: ZendeskTicketDeskOptions): TicketDeskConnector {
  const { baseUrl, db, fields, log } = options;
  const serviceToken =
    options.serviceToken ??
    createZendeskServiceToken({
      baseUrl,
      clientId: options.clientId,
      clientSecret: options.clientSecret,
      scope: ZENDESK_TICKETS_SCOPE,
      log,
      ...(options.now ? { now: options.now } : {}),
      ...(options.fetch ? { fetch: options.fetch } : {}),
    });
  const vendorHttp: VendorHttp = createVendorHttp({
    vendor: 'zendesk',
    baseUrl,
    log,
    headers: () => serviceToken.headers(),
    refresh: () => serviceToken.refresh(),
    ...(options.now ? { now: options.now } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const now = options.now ?? Date.now;
  /** Each call with its deadline: a 429 whose `Retry-After` does not fit fails at once, never holds the page. */
  const withDeadline = (budgetMs: number): VendorHttp => ({
    request: (call) => vendorHttp.request({ deadline: now() + budgetMs, ...call }),
  });
  const http = withDeadline(options.callBudgetMs);

  const userIds = createZendeskUserIds({ http, now });
  const userIdOf = async (email: string) => (await userIds.find(email))?.id;

  async function statesOf(ids: readonly number[]): Promise<Map<number, TicketState>> {
    if (ids.length === 0) return new Map();
    const rows = await db
      .select()
      .from(zendeskTicketState)
      .where(inArray(zendeskTicketState.ticketId, [...ids]));
    return new Map(rows.map((row) => [row.ticketId, row]));
  }

  const records = async (tickets: readonly ZendeskTicket[], users: readonly ZendeskUser[]) => {
    userIds.remember(users);
    const states = await statesOf(tickets.map((ticket) => ticket.id));
    const byId = usersById(users);
    return tickets.map((ticket) => toTicketRecord(ticket, byId, states.get(ticket.id), fields));
  };

  async function getTicket(id: number): Promise<HelpdeskTicketRecord | undefined> {
    const answer = await orUndefined(
      http.request({
        path: `/api/v2/tickets/${id}.json`,
        query: { include: 'users' },
        schema: ticketAnswerSchema,
      }),
    );
    if (!answer) return undefined;
    const [record] = await records([answer.ticket], answer.users);
    return record;
  }

  const mustGet = async (id: number) => {
    const ticket = await getTicket(id);
    if (!ticket) throw new ServiceError('NOT_FOUND', 'No such ticket.');
    return ticket;
  };

  /** Every page of a cursor list, up to MAX_LISTED tickets. */
  async function listAll(path: string) {
    const tickets: ZendeskTicket[] = [];
    const users: ZendeskUser[] = [];
    let after: string | null = null;
    do {
      const page: z.infer<typeof ticketPageSchema> = await http.request({
        path,
        query: { 'page[size]': PAGE_SIZE, include: 'users', ...(after ? { 'page[after]': after } : {}) },
        schema: ticketPageSchema,
      });
      tickets.push(...page.tickets);
      users.push(...page.users);
      after = page.meta.has_more ? page.meta.after_cursor : null;
    } while (after !== null && tickets.length < MAX_LISTED);
    return { tickets, users };
  }

  async function showMany(ids: readonly number[]) {
    const tickets: ZendeskTicket[] = [];
    const users: ZendeskUser[] = [];
    for (let start = 0; start < ids.length && start < MAX_LISTED; start += SHOW_MANY_LIMIT) {
      const page = await http.request({
        path: '/api/v2/tickets/show_many.json',
        query: { ids: ids.slice(start, start + SHOW_MANY_LIMIT).join(','), include: 'users' },
        schema: ticketPageSchema.omit({ meta: true }),
      });
      tickets.push(...page.tickets);
      users.push(...page.users);
    }
    return { tickets, users };
  }

  async function scopeTickets(scope: TicketListQuery['scope']) {
    if (scope.kind === 'all') return listAll('/api/v2/tickets.json');
    const requesterId = await userIdOf(scope.email);
    const own =
      requesterId === undefined
        ? { tickets: [], users: [] }
        : await listAll(`/api/v2/users/${requesterId}/tickets/requested.json`);
    if (scope.kind === 'requester') return own;
    const held = await db
      .select({ id: zendeskTicketState.ticketId })
      .from(zendeskTicketState)
      .where(eq(zendeskTicketState.organisation, scope.organisation));
    const ownIds = new Set(own.tickets.map((ticket) => ticket.id));
    const more = await showMany(held.map((row) => row.id).filter((id) => !ownIds.has(id)));
    return { tickets: [...own.tickets, ...more.tickets], users: [...own.users, ...more.users] };
  }

  /** Writes what the portal keeps of a ticket; a ticket made in Zendesk gets its row on its first change. */
  async function keepState(
    ticketId: number,
    openedAt: Date,
    values: Partial<Omit<TicketState, 'ticketId' | 'openedAt'>>,
  ) {
    await db
      .insert(zendeskTicketState)
      .values({ ticketId, openedAt, ...values })
      .onConflictDoUpdate({ target: zendeskTicketState.ticketId, set: values });
  }

  /** The ticket's requester, as its id and address (the address from the sideloaded user). */
  async function requesterOf(ticketId: number) {
    const answer = await orUndefined(
      http.request({
        path: `/api/v2/tickets/${ticketId}.json`,
        query: { include: 'users' },
        schema: ticketAnswerSchema,
      }),
    );
    if (!answer) return undefined;
    userIds.remember(answer.users);
    const email = answer.users.find((user) => user.id === answer.ticket.requester_id)?.email;
    return email ? { id: answer.ticket.requester_id, email } : undefined;
  }

  /**
   * The portal's comment on a ticket, as its writer (comment-authors.ts), with a status change when given. A
   * reply or note Zendesk cannot give its writer's user goes as the service token's user, signed with the
   * writer's name (`sign`); a file's note keeps its form.
   */
  async function putComment(
    ticketId: number,
    writer: CommentWriter,
    comment: { body: string; public: boolean; uploads?: string[] },
    options: { status?: string | undefined; sign: boolean },
  ) {
    const authorId = await commentAuthorId(userIds, writer, () => requesterOf(ticketId));
    const body =
      authorId === undefined && options.sign ? signedBody(comment.body, writer.name) : comment.body;
    return http.request({
      method: 'PUT',
      path: `/api/v2/tickets/${ticketId}.json`,
      body: {
        ticket: {
          comment: { ...comment, body, ...(authorId === undefined ? {} : { author_id: authorId }) },
          ...(options.status ? { status: options.status } : {}),
        },
      },
      schema: z.object({
        ticket: z.object({ id: z.number() }),
        audit: auditPageSchema.shape.audits.element,
      }),
    });
  }

  const listeners: ((ticket: HelpdeskTicketRecord) => Promise<void>)[] = [];
  const changedInZendesk = async (ticketId: number) => {
    const ticket = await getTicket(ticketId);
    if (!ticket) return;
    for (const listener of listeners) await listener(ticket);
  };

  // Zendesk reports its changes through the webhook when it has one; else the portal asks for them.
  const changeSource = options.webhookSecret
    ? {
        routes: zendeskWebhookRoutes({
          secret: options.webhookSecret,
          changed: changedInZendesk,
          ...(options.now ? { now: options.now } : {}),
        }),
      }
    : options.pollIntervalMs === undefined
      ? {}
      : {
          changePoll: createIncrementalPoll({
            db,
            http: vendorHttp,
            intervalMs: options.pollIntervalMs,
            changed: changedInZendesk,
            log,
            ...(options.now ? { now: options.now } : {}),
          }),
        };

  return {
    ...createZendeskTicketSearch({ http: withDeadline(options.searchBudgetMs), baseUrl }),
    ...changeSource,
    onDeskChange: (listener) => {
      listeners.push(listener);
    },

    /**
     * `POST /api/v2/tickets.json` with the requester by address ("If the requester doesn't exist in your
     * account, a new user is created", Tickets page), the description as the first public comment, the priority
     * mapped and the type and release in their custom fields. A POST is not retried: a lost answer must not
     * open the ticket twice.
     */
    async createTicket(input) {
      const created = await http
        .request({
          method: 'POST',
          path: '/api/v2/tickets.json',
          body: {
            ticket: {
              subject: input.subject,
              comment: { body: input.description, public: true },
              requester: { email: input.requesterEmail, name: input.requesterEmail },
              priority: zendeskPriority(input.priority),
              custom_fields: customFields(fields, {
                type: input.type,
                release: input.release,
                providedId: input.requesterProvidedId,
              }),
            },
          },
          schema: z.object({ ticket: z.object({ id: z.number().int() }) }),
        })
        .catch((error: unknown) => {
          throw createFailure(error);
        });
      await db.insert(zendeskTicketState).values({
        ticketId: created.ticket.id,
        organisation: input.organisation,
        tier: input.tier,
        firstResponseDueAt: input.firstResponseDueAt,
        conversationId: input.conversationId,
        conversation: input.conversation,
        openedAt: input.createdAt,
      });
      return mustGet(created.ticket.id);
    },

    getTicket,

    async listTickets(query) {
      const { tickets, users } = await scopeTickets(query.scope);
      const selected = (await records(tickets, users))
        .filter((ticket) => selects(query, ticket))
        .sort(byOrder(query.order));
      const page = selected.slice(query.offset, query.offset + query.limit);
      // Not asked for: the contract's answer without a count (no request of Zendesk counts here either way).
      if (query.count === false) return { tickets: page, count: page.length, countIsExact: false };
      // The scope's tickets are read whole and filtered here, so the count is exact whatever `countMax` says.
      return { tickets: page, count: selected.length, countIsExact: true };
    },

    /** `GET /api/v2/tickets/{id}/comments.json`, oldest first; the portal's file notes are history, not comments. */
    async listComments(ticketId, { includeInternal }) {
      const comments: HelpdeskComment[] = [];
      let after: string | null = null;
      let description = true;
      do {
        const page: z.infer<typeof commentPageSchema> | undefined = await orUndefined(
          http.request({
            path: `/api/v2/tickets/${ticketId}/comments.json`,
            query: { 'page[size]': PAGE_SIZE, include: 'users', ...(after ? { 'page[after]': after } : {}) },
            schema: commentPageSchema,
          }),
        );
        if (!page) return [];
        const users = usersById(page.users);
        // The first comment is the description the ticket holds.
        for (const comment of page.comments) {
          if (description) {
            description = false;
            continue;
          }
          if (attachedFileOf(comment.body) !== undefined) continue;
          if (!comment.public && !includeInternal) continue;
          const author = personOf(users, comment.author_id) ?? { email: '', name: '' };
          const role = users.get(comment.author_id)?.role;
          comments.push({
            id: comment.id,
            ticketId,
            author: { ...author, type: role === 'end-user' ? 'customer' : 'agent' },
            body: comment.body,
            internal: !comment.public,
            createdAt: new Date(comment.created_at),
          });
        }
        after = page.meta.has_more ? page.meta.after_cursor : null;
      } while (after !== null);
      return comments;
    },

    /** The audits (`GET /api/v2/tickets/{id}/audits.json`) as the portal's history. */
    async listTicketEvents(ticketId) {
      const audits: z.infer<typeof auditPageSchema>['audits'] = [];
      const users: ZendeskUser[] = [];
      let after: string | null = null;
      do {
        const page: z.infer<typeof auditPageSchema> | undefined = await orUndefined(
          http.request({
            path: `/api/v2/tickets/${ticketId}/audits.json`,
            query: { 'page[size]': PAGE_SIZE, include: 'users', ...(after ? { 'page[after]': after } : {}) },
            schema: auditPageSchema,
          }),
        );
        if (!page) return [];
        audits.push(...page.audits);
        users.push(...page.users);
        after = page.meta.has_more ? page.meta.after_cursor : null;
      } while (after !== null);
      return toTicketEvents(audits, usersById(users));
    },

    async ticketConversation(ticketId) {
      const [row] = await db
        .select({ conversation: zendeskTicketState.conversation })
        .from(zendeskTicketState)
        .where(eq(zendeskTicketState.ticketId, ticketId));
      return row?.conversation ?? null;
    },

    /**
     * `PUT /api/v2/tickets/{id}.json` with `{ticket: {comment: {body, public, author_id}, status}}`: a note is
     * `public: false` (Comments page), and `author_id` is the writer's Zendesk user (comment-authors.ts). An
     * agent's public reply stops the portal's first-response clock.
     */
    async addComment({ ticketId, author, body, internal, status }) {
      const answer = await putComment(ticketId, author, { body, public: !internal }, { status, sign: true });
      const event = answer.audit.events.find((item) => item.type === 'Comment');
      const createdAt = new Date(answer.audit.created_at);
      if (!internal && author.type === 'agent') {
        const ticket = await mustGet(ticketId);
        await keepState(ticketId, ticket.createdAt, {
          firstRespondedAt: ticket.firstRespondedAt ?? createdAt,
          lastAgentReplyAt: createdAt,
        });
      }
      return {
        comment: { id: event?.id ?? answer.audit.id, ticketId, author, body, internal, createdAt },
        ticket: await mustGet(ticketId),
      };
    },

    /**
     * With the file: `POST /api/v2/uploads?filename=` (the bytes; answers a token), then a public comment holding
     * the token in `uploads` ("You can only attach files to comments in tickets", the attachments guide
     * https://developer.zendesk.com/documentation/ticketing/managing-tickets/adding-ticket-attachments-with-the-api).
     * Without it, the comment alone records the file in the ticket's history.
     */
    async recordAttachment(ticketId, { fileName, actorEmail, file }) {
      const exists = await getTicket(ticketId);
      if (!exists) return undefined;
      const uploads: string[] = [];
      if (file && file.bytes.byteLength <= MAX_UPLOAD_BYTES) {
        try {
          const upload = await http.request({
            method: 'POST',
            path: '/api/v2/uploads',
            query: { filename: fileName },
            rawBody: { bytes: file.bytes, contentType: file.contentType },
            schema: uploadAnswerSchema,
          });
          uploads.push(upload.upload.token);
        } catch (error) {
          // The portal holds the file whatever Zendesk says (a refused file type, a limit): the note still
          // records it, and the ticket's page still offers the portal's copy.
          log.warn({ vendor: 'zendesk', ticketId, code: errorCode(error) }, 'zendesk upload refused');
        }
      }
      await putComment(
        ticketId,
        { email: actorEmail, name: '' },
        { body: attachmentNote(fileName), public: true, uploads },
        { sign: false },
      );
      return mustGet(ticketId);
    },

    /** `PUT /api/v2/tickets/{id}.json` with the fields that change; the due time is the portal's own. */
    async updateTicket(id, changes, _actorEmail) {
      const before = await getTicket(id);
      if (!before) return undefined;
      const ticket: Record<string, unknown> = {};
      if (changes.status !== undefined) ticket.status = changes.status;
      if (changes.priority !== undefined) ticket.priority = zendeskPriority(changes.priority);
      if (changes.assigneeEmail !== undefined) {
        const assigneeId = changes.assigneeEmail === null ? null : await userIdOf(changes.assigneeEmail);
        if (assigneeId === undefined) {
          throw new ServiceError('INVALID_INPUT', 'Zendesk has no agent with this address.');
        }
        ticket.assignee_id = assigneeId;
      }
      if (Object.keys(ticket).length > 0) {
        await http.request({
          method: 'PUT',
          path: `/api/v2/tickets/${id}.json`,
          body: { ticket },
          schema: z.object({ ticket: z.object({ id: z.number() }) }),
        });
      }
      if (changes.firstResponseDueAt !== undefined) {
        await keepState(id, before.createdAt, { firstResponseDueAt: changes.firstResponseDueAt });
      }
      return mustGet(id);
    },
  };
}
