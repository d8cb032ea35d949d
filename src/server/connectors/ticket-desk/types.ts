import type { SupportTier, TicketEventKind, TicketPriority, TicketStatus } from '../../../common/tickets.js';
import type { UserType } from '../../../common/users.js';
import type { ConnectorRoutes } from '../connector-routes.js';
import type { ConnectorSearchQuery, SearchPage } from '../search-types.js';

/**
 * The ticket desk: what the portal asks of any help desk's tickets (the built-in help desk's by default; Zendesk
 * Support's in the vendor's deployment). Who may see or change what is the portal's decision (services/tickets);
 * the ticket desk stores, lists and searches.
 */

export interface TicketPerson {
  email: string;
  name: string;
}

export interface HelpdeskTicketRecord {
  id: number;
  subject: string;
  description: string;
  status: HelpdeskTicketStatus;
  priority: TicketPriority;
  type: string;
  release: string | null;
  requester: TicketPerson;
  organisation: string | null;
  tier: SupportTier | null;
  assignee: TicketPerson | null;
  /** The first-response due time the portal wrote (at creation, at a change of priority); the help desk keeps it. */
  firstResponseDueAt: Date | null;
  /** When an agent first replied in public (the help desk records it with that reply); null until then. */
  firstRespondedAt: Date | null;
  /** When an agent last replied in public; null until then (My Requests marks a reply the requester has not seen). */
  lastAgentReplyAt: Date | null;
  /** The assistant's conversation it was opened from. */
  conversationId: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** One message of the assistant's conversation a ticket was opened from, kept as the customer saw it. */
export interface TicketConversationMessage {
  role: 'user' | 'assistant';
  text: string;
  /** The passages shown with an answer: where they were and what they said. */
  passages: { title: string; url: string; excerpt: string }[];
  /** ISO time it was written. */
  createdAt: string;
}

export interface HelpdeskComment {
  id: number;
  ticketId: number;
  author: TicketPerson & { type: UserType };
  body: string;
  internal: boolean;
  createdAt: Date;
}

export interface HelpdeskTicketEvent {
  id: number;
  actorEmail: string;
  kind: TicketEventKind;
  detail: Record<string, string | null>;
  createdAt: Date;
}

export interface CreateTicketInput {
  subject: string;
  description: string;
  priority: TicketPriority;
  type: string;
  release: string | null;
  requesterEmail: string;
  /** The Controller or Customer ID the requester signed up with; null when they gave none. */
  requesterProvidedId: string | null;
  organisation: string | null;
  tier: SupportTier | null;
  /** The due time the portal computed; null for none (the portal then runs no clock for it). */
  firstResponseDueAt: Date | null;
  /** When it was opened: the instant the due time was counted from. */
  createdAt: Date;
  conversationId: string | null;
  /** The conversation's messages, stored with the ticket in the same statement. */
  conversation: TicketConversationMessage[] | null;
}

/** Whose tickets a list may hold: one requester's, an organisation's, or every ticket (agents). */
export type TicketScope =
  | { kind: 'requester'; email: string }
  | { kind: 'organisation'; organisation: string; email: string }
  | { kind: 'all' };

/** A help desk's ticket statuses: the portal's (`hold` is Zendesk's on-hold). */
export type HelpdeskTicketStatus = TicketStatus;

/**
 * Which tickets a list holds, and in what order. Plain facts of a ticket only: what the portal makes of them
 * (the first-response clock, due states, the due order of the agents' queue) it computes itself over the
 * tickets these queries return (services/tickets/sla-clock.ts, ticket-queue.ts), so no help desk has to know
 * the portal's SLA.
 */
export interface TicketListQuery {
  scope: TicketScope;
  /** Only tickets in one of these statuses (an empty list: none). */
  statuses?: readonly HelpdeskTicketStatus[] | undefined;
  priority?: TicketPriority | undefined;
  /** The organisation the ticket was opened for, exactly. */
  organisation?: string | undefined;
  /**
   * Words the subject, the requester's name or email contain (case-insensitive, as written), or a ticket
   * number.
   */
  text?: string | undefined;
  /** Lower-cased email; `null` = unassigned. */
  assigneeEmail?: string | null | undefined;
  /** `true`: only tickets an agent has answered in public (`firstRespondedAt` set); `false`: only the others. */
  answered?: boolean | undefined;
  /** Leave these tickets out (at most a thousand ids). */
  excludeIds?: readonly number[] | undefined;
  /** `updated`: newest change first (the same instant: the newer ticket first); `created`: oldest ticket first. */
  order: 'updated' | 'created';
  /** At most this many tickets (0: only the count). */
  limit: number;
  offset: number;
  /**
   * Count at most this many of the selected tickets, or the tickets up to the end of this page when more:
   * a paged list needs no exact count of a million tickets (the count is what costs, not the page). A desk
   * may count exactly all the same; undefined: count them all. Ignored when `count` is false.
   */
  countMax?: number | undefined;
  /**
   * `false`: the page's tickets only, and no count at all (a desk runs no count statement or request), for a
   * caller that reads the tickets and not how many there are. The answer's `count` is then the tickets on the
   * page and `countIsExact` false. Undefined or `true`: counted as `countMax` says.
   */
  count?: boolean | undefined;
}

/** One page of a list, and how many tickets the query selects. */
export interface TicketListPage {
  tickets: HelpdeskTicketRecord[];
  /**
   * Every selected ticket when `countIsExact`; else a lower bound, with more selected than it says (or, when
   * the query asked for no count, the tickets on this page).
   */
  count: number;
  countIsExact: boolean;
}

export interface TicketChanges {
  status?: TicketStatus;
  priority?: TicketPriority;
  /** Lower-cased email, or null to unassign. */
  assigneeEmail?: string | null;
  firstResponseDueAt?: Date;
}

/** A ticket found by a search: a request of its requester, or any ticket for an agent. */
export interface TicketHit {
  id: number;
  subject: string;
  status: string;
  /** Where it opens: the requester's view for a request, the agent console for a ticket. */
  url: string;
  snippet: string;
}

export interface TicketDeskConnector extends ConnectorRoutes {
  createTicket(input: CreateTicketInput): Promise<HelpdeskTicketRecord>;
  getTicket(id: number): Promise<HelpdeskTicketRecord | undefined>;
  /**
   * One page of the tickets the query selects, and how many it selects in all (up to `countMax`; none at all
   * with `count: false`).
   */
  listTickets(query: TicketListQuery): Promise<TicketListPage>;
  /** Comments oldest first; internal notes only with `includeInternal`. */
  listComments(ticketId: number, options: { includeInternal: boolean }): Promise<HelpdeskComment[]>;
  listTicketEvents(ticketId: number): Promise<HelpdeskTicketEvent[]>;
  /** The assistant's conversation the ticket was opened from, as stored with it; null when none was. */
  ticketConversation(ticketId: number): Promise<TicketConversationMessage[] | null>;
  /**
   * Adds a reply or an internal note. An agent's first public reply sets the ticket's `firstRespondedAt`; a
   * public comment becomes searchable with the ticket. `status` (optional) is set in the same change. Rejects
   * for no such ticket.
   */
  addComment(input: {
    ticketId: number;
    author: TicketPerson & { type: UserType };
    body: string;
    internal: boolean;
    status?: TicketStatus;
  }): Promise<{ comment: HelpdeskComment; ticket: HelpdeskTicketRecord }>;
  /**
   * Records in the ticket's history that a file was attached (the portal keeps the file itself in its object
   * store) and counts it as a change of the ticket; undefined for no such ticket. A vendor's desk that holds
   * files too (Zendesk's uploads) receives the file's bytes in `file`.
   */
  recordAttachment(
    ticketId: number,
    attachment: {
      fileName: string;
      actorEmail: string;
      file?: { bytes: Uint8Array; contentType: string } | undefined;
    },
  ): Promise<HelpdeskTicketRecord | undefined>;
  /** Applies the changes and records an event for each field that changed; undefined for no such ticket. */
  updateTicket(
    id: number,
    changes: TicketChanges,
    actorEmail: string,
  ): Promise<HelpdeskTicketRecord | undefined>;

  /** The requests of one requester (My Requests); an empty email finds nothing, never every ticket. */
  searchRequests(query: ConnectorSearchQuery, requesterEmail: string): Promise<SearchPage<TicketHit>>;

  /** Every ticket (agents). */
  searchTickets(query: ConnectorSearchQuery): Promise<SearchPage<TicketHit>>;

  /**
   * Changes made at the desk itself, outside the portal (a vendor's agent console): the portal's live ticket
   * events listen here. A desk only the portal writes to (the built-in) has none.
   */
  onDeskChange?(listener: (ticket: HelpdeskTicketRecord) => Promise<void>): void;

  /**
   * How a desk that does not report its changes itself (Zendesk without its webhook) is asked for them: the
   * server starts it (main.ts) and the app's close stops it. A desk that reports them, or only the portal
   * writes to, has none.
   */
  readonly changePoll?: DeskChangePoll;
}

/** A background poll of the desk for changes made there, run on one instance at a time. */
export interface DeskChangePoll {
  /** Polls when due, now and then every so often, in the background; nothing waits for it. */
  start(): void;
  /** Polls here if the poll is due and no instance is polling; answers whether it did. */
  runDue(): Promise<boolean>;
  /** Makes the poll due at once, then as `runDue`. */
  pollNow(): Promise<boolean>;
  /** Stops polling and aborts a poll running here; its lease is given back. */
  stop(): Promise<void>;
}
