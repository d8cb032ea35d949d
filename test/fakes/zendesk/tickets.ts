import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { sendJson, type FakeRequest } from '../harness';
import { pageOf } from './pagination';
import type { FakeZendeskUser, UserDirectory } from './users';

/**
 * The fake's Zendesk Support tickets and the endpoints the ticket desk calls:
 *
 *   POST /api/v2/tickets.json                       {ticket: {subject, comment: {body, public, uploads},
 *                                                   requester: {email, name}, priority, status, custom_fields}}
 *                                                   → 201 {ticket, audit}
 *   GET  /api/v2/tickets/{id}.json                  → {ticket}; PUT the same path {ticket: {status, priority,
 *                                                   assignee_id, comment: {body, public, author_id, uploads}}}
 *                                                   → {ticket, audit}
 *   GET  /api/v2/tickets.json                       every ticket, cursor or offset paging
 *   GET  /api/v2/tickets/show_many.json?ids=1,2     "Show Multiple Tickets", at most 100 ids → {tickets}
 *   GET  /api/v2/users/{id}/tickets/requested.json  the tickets a user requested, cursor or offset paging
 *   GET  /api/v2/tickets/{id}/comments.json         oldest first, cursor paging
 *   GET  /api/v2/tickets/{id}/audits.json           oldest first, cursor paging
 *   GET  /api/v2/search.json, /api/v2/search/count.json   `type:ticket requester:<email> status:<s> words`
 *   POST /api/v2/uploads?filename=<name>            the file as the body → 201 {upload: {token, attachment}}
 *
 * Each list and show takes `include=users` (the users its tickets, comments or audits name, sideloaded).
 * Sources: Tickets https://developer.zendesk.com/api-reference/ticketing/tickets/tickets/; Comments
 * https://developer.zendesk.com/api-reference/ticketing/tickets/ticket_comments/ (`public: false` is an internal
 * note; "If you set the author_id, the user with the id is shown as the author of the comment. However, this
 * user is not considered the updater of the ticket": the comment keeps `author_id`, its audit the token's user);
 * Audits https://developer.zendesk.com/api-reference/ticketing/tickets/ticket_audits/ (events `Create`,
 * `Change` with `field_name`, `value`, `previous_value`; `Comment`); Uploads
 * https://developer.zendesk.com/documentation/ticketing/managing-tickets/adding-ticket-attachments-with-the-api
 * and https://support.zendesk.com/hc/en-us/articles/4408887057946 (the token goes in the comment's `uploads`;
 * it "expires after 60 minutes"); Search https://developer.zendesk.com/api-reference/ticketing/ticket-management/search/
 * ("up to 1,000 results per query, with a maximum of 100 results per page ... page=11 at 100 results per page,
 * a 422 Insufficient Resource Error"; `count` is the real number even past 1,000; offset only: `page[size]`
 * answers 400 "Invalid attribute", https://support.zendesk.com/hc/en-us/community/posts/5981990015514);
 * sideloading https://developer.zendesk.com/documentation/ticketing/using-the-zendesk-api/side_loading/.
 *
 * Not documented, chosen here: an `author_id` that is no user of the account answers 422 `RecordInvalid` (the
 * Comments page says nothing of it; a client's report of a ticket import refused for an invalid comment author,
 * https://github.com/zendesk/zendesk_api_client_php/issues/35, is the nearest account); a comment without
 * `author_id` is the token's user's; timestamps carry milliseconds (so one test's quick changes keep their order);
 * the exact bodies of 404 and 422 (Zendesk's `{error, description}` form); search indexes at once (Zendesk can
 * lag minutes) and matches words in the subject, description and every comment, notes included, as an agent's
 * search does.
 */

export type ZendeskPriority = 'urgent' | 'high' | 'normal' | 'low';
export type ZendeskStatus = 'new' | 'open' | 'pending' | 'hold' | 'solved' | 'closed';

export interface FakeAttachment {
  id: number;
  file_name: string;
  content_url: string;
  content_type: string;
  size: number;
}

export interface FakeTicket {
  id: number;
  url: string;
  subject: string;
  description: string;
  status: ZendeskStatus;
  priority: ZendeskPriority | null;
  type: string | null;
  requester_id: number;
  submitter_id: number;
  assignee_id: number | null;
  organization_id: number | null;
  custom_fields: { id: number; value: string | null }[];
  created_at: string;
  updated_at: string;
}

export interface FakeComment {
  id: number;
  type: 'Comment';
  author_id: number;
  body: string;
  plain_body: string;
  public: boolean;
  attachments: FakeAttachment[];
  created_at: string;
}

type AuditEvent =
  | { id: number; type: 'Create'; field_name: string; value: unknown }
  | { id: number; type: 'Change'; field_name: string; value: unknown; previous_value: unknown }
  | ({ type: 'Comment' } & Omit<FakeComment, 'type' | 'created_at'>);

export interface FakeAudit {
  id: number;
  ticket_id: number;
  author_id: number;
  created_at: string;
  events: AuditEvent[];
}

const PRIORITIES: readonly string[] = ['urgent', 'high', 'normal', 'low'];
const STATUSES: readonly string[] = ['new', 'open', 'pending', 'hold', 'solved', 'closed'];
const NOT_FOUND = { error: 'RecordNotFound', description: 'Not found' };
const invalid = (description: string) => ({ error: 'RecordInvalid', description });

/** The Search API's limits (Search page above). */
export const SEARCH_MAX_RESULTS = 1000;
export const SEARCH_MAX_PER_PAGE = 100;

export interface TicketStore {
  tickets: Map<number, FakeTicket>;
  comments: Map<number, FakeComment[]>;
  audits: Map<number, FakeAudit[]>;
  /** Files uploaded and not yet attached, by token. */
  uploads: Map<string, FakeAttachment[]>;
}

export interface TicketRoutes {
  store: TicketStore;
  /** Answers a ticket request, or returns false when the path is not one of its routes. */
  handle(request: FakeRequest, res: ServerResponse, actorId: number | undefined): boolean;
  /** A change made in Zendesk itself (an agent's reply, a status), as the agent console makes it. */
  change(id: number, authorId: number, change: TicketChange): FakeTicket;
}

export interface TicketChange {
  status?: string;
  priority?: string;
  assignee_id?: number | null;
  comment?: { body: string; public?: boolean; author_id?: number; uploads?: string[] };
}

export function createTicketRoutes(context: {
  origin: () => string;
  now: () => number;
  users: UserDirectory;
}): TicketRoutes {
  const store: TicketStore = {
    tickets: new Map(),
    comments: new Map(),
    audits: new Map(),
    uploads: new Map(),
  };
  let nextTicketId = 1001;
  let nextId = 37_000_000_000_001;
  const iso = () => new Date(context.now()).toISOString();
  const id = () => nextId++;

  const sideloaded = (request: FakeRequest, ids: (number | null)[]) => {
    if (!(request.query.get('include') ?? '').split(',').includes('users')) return {};
    const wanted = new Set(ids.filter((value): value is number => value !== null));
    return { users: [...wanted].flatMap((userId) => context.users.users.get(userId) ?? []) };
  };

  const takeUploads = (tokens: readonly string[] | undefined): FakeAttachment[] | string => {
    const files: FakeAttachment[] = [];
    for (const token of tokens ?? []) {
      const held = store.uploads.get(token);
      if (!held) return `Upload token ${token} is not valid`;
      files.push(...held);
      store.uploads.delete(token);
    }
    return files;
  };

  const addComment = (
    ticket: FakeTicket,
    authorId: number,
    comment: NonNullable<TicketChange['comment']>,
    at: string,
  ): FakeComment | string => {
    const attachments = takeUploads(comment.uploads);
    if (typeof attachments === 'string') return attachments;
    const made: FakeComment = {
      id: id(),
      type: 'Comment',
      author_id: comment.author_id ?? authorId,
      body: comment.body,
      plain_body: comment.body,
      public: comment.public ?? true,
      attachments,
      created_at: at,
    };
    store.comments.set(ticket.id, [...(store.comments.get(ticket.id) ?? []), made]);
    return made;
  };

  const audit = (ticket: FakeTicket, authorId: number, events: AuditEvent[], at: string): FakeAudit => {
    const made = { id: id(), ticket_id: ticket.id, author_id: authorId, created_at: at, events };
    store.audits.set(ticket.id, [...(store.audits.get(ticket.id) ?? []), made]);
    return made;
  };

  /** A PUT's changes: each field that changed is a `Change` event, the comment a `Comment` event. */
  const change = (ticketId: number, authorId: number, input: TicketChange): FakeTicket | string => {
    const ticket = store.tickets.get(ticketId);
    if (!ticket) return 'not found';
    if (input.status !== undefined && !STATUSES.includes(input.status)) return 'Status: is not valid';
    if (input.priority !== undefined && !PRIORITIES.includes(input.priority)) return 'Priority: is not valid';
    if (input.assignee_id !== undefined && input.assignee_id !== null) {
      const assignee = context.users.users.get(input.assignee_id);
      if (!assignee || assignee.role === 'end-user') return 'Assignee: is not an agent';
    }
    if (input.comment?.author_id !== undefined && !context.users.users.has(input.comment.author_id)) {
      return 'Author: is invalid';
    }
    const at = iso();
    const events: AuditEvent[] = [];
    if (input.comment) {
      const made = addComment(ticket, authorId, input.comment, at);
      if (typeof made === 'string') return made;
      const { type: _type, created_at: _at, ...rest } = made;
      events.push({ type: 'Comment', ...rest });
    }
    const fields = [
      ['status', input.status],
      ['priority', input.priority],
      ['assignee_id', input.assignee_id],
    ] as const;
    const next = { ...ticket };
    for (const [field, value] of fields) {
      if (value === undefined || value === ticket[field]) continue;
      events.push({
        id: id(),
        type: 'Change',
        field_name: field,
        value: value === null ? null : String(value),
        previous_value: ticket[field] === null ? null : String(ticket[field]),
      });
      Object.assign(next, { [field]: value });
    }
    // A first public reply by an agent moves a new ticket to open, as Zendesk's default trigger does not:
    // only an explicit status changes it here.
    next.updated_at = at;
    store.tickets.set(ticket.id, next);
    audit(next, authorId, events, at);
    return next;
  };

  const readJson = (request: FakeRequest): Record<string, unknown> | undefined => {
    try {
      const parsed: unknown = JSON.parse(request.body.toString('utf8'));
      return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : undefined;
    } catch {
      return undefined;
    }
  };

  const create = (request: FakeRequest, res: ServerResponse): void => {
    request.entry.body = request.body.toString('utf8');
    const input = readJson(request)?.ticket as
      | {
          subject?: string;
          comment?: { body?: string; public?: boolean; uploads?: string[] };
          requester?: { email?: string; name?: string };
          requester_id?: number;
          priority?: string;
          status?: string;
          custom_fields?: { id: number; value: string | null }[];
        }
      | undefined;
    if (!input?.comment?.body) return sendJson(res, 422, invalid('Description: cannot be blank'));
    if (input.priority !== undefined && !PRIORITIES.includes(input.priority))
      return sendJson(res, 422, invalid('Priority: is not valid'));
    let requester: FakeZendeskUser | undefined;
    if (input.requester?.email) {
      // "If the requester doesn't exist in your account, a new user is created" (Tickets page, Creating a ticket
      // with a new requester).
      requester =
        context.users.byEmail(input.requester.email) ??
        context.users.add({
          email: input.requester.email,
          name: input.requester.name ?? input.requester.email,
          role: 'end-user',
        });
    } else if (input.requester_id !== undefined) {
      requester = context.users.users.get(input.requester_id);
    }
    if (!requester) return sendJson(res, 422, invalid('Requester: is invalid'));
    const at = iso();
    const ticket: FakeTicket = {
      id: nextTicketId++,
      url: '',
      subject: input.subject ?? '',
      description: input.comment.body,
      status: (input.status as ZendeskStatus | undefined) ?? 'new',
      priority: (input.priority as ZendeskPriority | undefined) ?? null,
      type: null,
      requester_id: requester.id,
      submitter_id: requester.id,
      assignee_id: null,
      organization_id: null,
      custom_fields: input.custom_fields ?? [],
      created_at: at,
      updated_at: at,
    };
    ticket.url = `${context.origin()}/api/v2/tickets/${ticket.id}.json`;
    store.tickets.set(ticket.id, ticket);
    const comment = addComment(
      ticket,
      requester.id,
      {
        body: input.comment.body,
        public: input.comment.public ?? true,
        uploads: input.comment.uploads ?? [],
      },
      at,
    );
    if (typeof comment === 'string') {
      store.tickets.delete(ticket.id);
      return sendJson(res, 422, invalid(comment));
    }
    const { type: _type, created_at: _at, ...commentEvent } = comment;
    // Not documented here: who the first comment's author is when the submitter is not sent; the fake takes
    // the requester, whose words the description are.
    const made = audit(
      ticket,
      requester.id,
      [
        { id: id(), type: 'Create', field_name: 'status', value: ticket.status },
        { id: id(), type: 'Create', field_name: 'priority', value: ticket.priority },
        { type: 'Comment', ...commentEvent },
      ],
      at,
    );
    sendJson(res, 201, { ticket, audit: made });
  };

  const listed = (
    request: FakeRequest,
    res: ServerResponse,
    key: string,
    items: readonly { id: number }[],
    userIds: (number | null)[],
  ) => {
    const page = pageOf(key, items, request.query, `${context.origin()}${request.rawPath}`, 100);
    if (!('items' in page)) return sendJson(res, page.status, page.body);
    sendJson(res, page.status, { ...page.body, ...sideloaded(request, userIds) });
  };

  const ticketUsers = (tickets: readonly FakeTicket[]) =>
    tickets.flatMap((ticket) => [ticket.requester_id, ticket.assignee_id]);

  const wordsOf = (text: string): string[] =>
    text.toLowerCase().match(/[\p{L}\p{N}]+(?:[@._-][\p{L}\p{N}]+)*/gu) ?? [];

  /** Zendesk's query syntax, the part the portal sends: `type:`, `requester:`, `status:`, and words. */
  const matches = (query: string): FakeTicket[] | string => {
    const terms = query.match(/(?:[^\s"]+:"[^"]*"|"[^"]*"|\S+)/g) ?? [];
    let tickets = [...store.tickets.values()];
    let typed = false;
    for (const term of terms) {
      const [, key, rawValue] = /^([a-z_]+):(.*)$/.exec(term) ?? [];
      const value = rawValue?.replace(/^"|"$/g, '').toLowerCase();
      if (key === 'type') {
        if (value !== 'ticket') return [];
        typed = true;
      } else if (key === 'requester' && value !== undefined) {
        const user = context.users.byEmail(value);
        tickets = tickets.filter((ticket) => ticket.requester_id === user?.id);
      } else if (key === 'status' && value !== undefined) {
        tickets = tickets.filter((ticket) => ticket.status === value);
      } else {
        // Zendesk matches whole words (a trailing `*` would ask for a prefix), never a part of one:
        // "2" does not find a subject that holds "lim2x".
        const phrase = wordsOf(term.replace(/^"|"$/g, '')).join(' ');
        tickets = tickets.filter((ticket) =>
          ` ${wordsOf(
            [
              ticket.subject,
              ticket.description,
              ...(store.comments.get(ticket.id) ?? []).map((c) => c.body),
            ].join(' '),
          ).join(' ')} `.includes(` ${phrase} `),
        );
      }
    }
    // Without `type:ticket` users and organisations would match too; the fake holds tickets only.
    return typed || terms.length > 0 ? tickets : [];
  };

  const search = (request: FakeRequest, res: ServerResponse, countOnly: boolean): void => {
    if (request.query.has('page[size]') || request.query.has('page[after]')) {
      return sendJson(res, 400, {
        error: {
          title: 'Invalid attribute',
          message:
            'You passed an invalid value for the page attribute. Invalid parameter: page must be an integer from api/v2/search/index',
        },
      });
    }
    const query = request.query.get('query') ?? '';
    if (query.trim() === '')
      return sendJson(res, 400, { error: 'InvalidSearch', description: 'Query is blank' });
    const found = matches(query);
    if (typeof found === 'string') return sendJson(res, 400, { error: 'InvalidSearch', description: found });
    if (countOnly) return sendJson(res, 200, { count: found.length });
    const page = Number(request.query.get('page') ?? 1);
    const perPage = Math.min(
      Number(request.query.get('per_page') ?? SEARCH_MAX_PER_PAGE),
      SEARCH_MAX_PER_PAGE,
    );
    if (!Number.isInteger(page) || page < 1 || !Number.isInteger(perPage) || perPage < 1) {
      return sendJson(res, 400, {
        error: 'InvalidPaginationParameter',
        description: 'page must be an integer',
      });
    }
    if ((page - 1) * perPage >= SEARCH_MAX_RESULTS) {
      return sendJson(res, 422, {
        error: 'Insufficient Resource Error',
        description: `Invalid search: Requested response size was greater than Search Response Limits`,
      });
    }
    const descending = request.query.get('sort_order') !== 'asc';
    const sorted = found.sort((a, b) => {
      const order = a.updated_at.localeCompare(b.updated_at) || a.id - b.id;
      return descending ? -order : order;
    });
    const window = sorted.slice((page - 1) * perPage, page * perPage);
    const reachable = Math.min(sorted.length, SEARCH_MAX_RESULTS);
    const pageUrl = (n: number) =>
      `${context.origin()}/api/v2/search.json?page=${n}&per_page=${perPage}&query=${encodeURIComponent(query)}`;
    sendJson(res, 200, {
      results: window.map((ticket) => ({ ...ticket, result_type: 'ticket' })),
      count: sorted.length,
      next_page: page * perPage < reachable ? pageUrl(page + 1) : null,
      previous_page: page > 1 ? pageUrl(page - 1) : null,
      facets: null,
    });
  };

  const upload = (request: FakeRequest, res: ServerResponse): void => {
    const fileName = request.query.get('filename');
    if (!fileName) return sendJson(res, 400, { error: 'InvalidValue', description: 'filename is required' });
    const token = request.query.get('token') ?? randomBytes(12).toString('base64url');
    const attachmentId = id();
    const header = request.headers['content-type'];
    const attachment: FakeAttachment = {
      id: attachmentId,
      file_name: fileName,
      content_url: `${context.origin()}/attachments/token/${token}/?name=${encodeURIComponent(fileName)}`,
      content_type: (Array.isArray(header) ? header[0] : header) ?? 'application/binary',
      size: request.body.length,
    };
    store.uploads.set(token, [...(store.uploads.get(token) ?? []), attachment]);
    request.entry.outcome.size = String(request.body.length);
    sendJson(res, 201, {
      upload: { token, attachment, attachments: store.uploads.get(token) ?? [] },
    });
  };

  const TICKET = /^\/api\/v2\/tickets\/(\d+)\.json$/;
  const TICKET_PART = /^\/api\/v2\/tickets\/(\d+)\/(comments|audits)\.json$/;
  const REQUESTED = /^\/api\/v2\/users\/(\d+)\/tickets\/requested\.json$/;

  const handle = (request: FakeRequest, res: ServerResponse, actorId: number | undefined): boolean => {
    const { method, rawPath } = request;
    const { outcome } = request.entry;
    const route = (name: string) => {
      outcome.route = name;
    };
    if (actorId === undefined) {
      const known =
        rawPath.startsWith('/api/v2/tickets') ||
        rawPath.startsWith('/api/v2/search') ||
        rawPath === '/api/v2/uploads' ||
        REQUESTED.test(rawPath);
      if (known) {
        route('tickets_forbidden');
        sendJson(res, 403, { error: 'Forbidden', description: 'You do not have access to this page.' });
      }
      return known;
    }
    if (method === 'POST' && rawPath === '/api/v2/tickets.json') {
      route('tickets_create');
      create(request, res);
      return true;
    }
    if (method === 'GET' && rawPath === '/api/v2/tickets.json') {
      route('tickets_list');
      const all = [...store.tickets.values()];
      listed(request, res, 'tickets', all, ticketUsers(all));
      return true;
    }
    if (method === 'GET' && rawPath === '/api/v2/tickets/show_many.json') {
      route('tickets_show_many');
      const ids = (request.query.get('ids') ?? '').split(',').filter((part) => /^\d+$/.test(part));
      if (ids.length > 100) {
        sendJson(res, 400, { error: 'InvalidValue', description: 'ids: at most 100' });
        return true;
      }
      const found = ids.flatMap((ticketId) => store.tickets.get(Number(ticketId)) ?? []);
      sendJson(res, 200, { tickets: found, ...sideloaded(request, ticketUsers(found)) });
      return true;
    }
    if (method === 'POST' && rawPath === '/api/v2/uploads') {
      route('uploads');
      upload(request, res);
      return true;
    }
    if (method === 'GET' && (rawPath === '/api/v2/search.json' || rawPath === '/api/v2/search/count.json')) {
      const countOnly = rawPath.endsWith('count.json');
      route(countOnly ? 'search_count' : 'search');
      outcome.query = request.query.get('query') ?? '';
      outcome.page = request.query.get('page') ?? '1';
      search(request, res, countOnly);
      return true;
    }
    const requested = method === 'GET' ? REQUESTED.exec(rawPath) : null;
    if (requested?.[1] !== undefined) {
      route('tickets_requested');
      const userId = Number(requested[1]);
      const mine = [...store.tickets.values()].filter((ticket) => ticket.requester_id === userId);
      listed(request, res, 'tickets', mine, ticketUsers(mine));
      return true;
    }
    const part = method === 'GET' ? TICKET_PART.exec(rawPath) : null;
    if (part?.[1] !== undefined && part[2] !== undefined) {
      route(`tickets_${part[2]}`);
      const ticketId = Number(part[1]);
      if (!store.tickets.has(ticketId)) {
        sendJson(res, 404, NOT_FOUND);
        return true;
      }
      if (part[2] === 'comments') {
        const comments = store.comments.get(ticketId) ?? [];
        listed(
          request,
          res,
          'comments',
          comments,
          comments.map((comment) => comment.author_id),
        );
      } else {
        const audits = store.audits.get(ticketId) ?? [];
        const ids = audits.flatMap((entry) => [
          entry.author_id,
          ...entry.events.flatMap((event) =>
            event.type === 'Comment'
              ? [event.author_id]
              : event.type === 'Change' && event.field_name === 'assignee_id'
                ? [Number(event.value) || null, Number(event.previous_value) || null]
                : [],
          ),
        ]);
        listed(request, res, 'audits', audits, ids);
      }
      return true;
    }
    const one = TICKET.exec(rawPath);
    if (one?.[1] !== undefined && (method === 'GET' || method === 'PUT')) {
      const ticketId = Number(one[1]);
      route(method === 'GET' ? 'tickets_show' : 'tickets_update');
      const ticket = store.tickets.get(ticketId);
      if (!ticket) {
        sendJson(res, 404, NOT_FOUND);
        return true;
      }
      if (method === 'GET') {
        sendJson(res, 200, { ticket, ...sideloaded(request, ticketUsers([ticket])) });
        return true;
      }
      request.entry.body = request.body.toString('utf8');
      const input = readJson(request)?.ticket as TicketChange | undefined;
      if (!input) {
        sendJson(res, 400, { error: 'InvalidValue', description: 'ticket is required' });
        return true;
      }
      const changed = change(ticketId, actorId, input);
      if (typeof changed === 'string') {
        sendJson(res, 422, invalid(changed));
        return true;
      }
      const audits = store.audits.get(ticketId) ?? [];
      sendJson(res, 200, { ticket: changed, audit: audits[audits.length - 1] });
      return true;
    }
    return false;
  };

  return {
    store,
    handle,
    change: (ticketId, authorId, input) => {
      const changed = change(ticketId, authorId, input);
      if (typeof changed === 'string') throw new Error(`the Zendesk fake refused the change: ${changed}`);
      return changed;
    },
  };
}
