import type { RelatedTicket, TicketContext, TicketIssue } from '../../../../common/contracts/ticket-links';

/**
 * The checks of the tracker-links answers (`GET /api/tickets/:id/context`, `POST /api/tickets/:id/issues`), as
 * plain type guards, no zod: the agent's ticket page asks for its context at load, and loading the zod
 * contracts then put the page over its initial JavaScript budget (150 KB gzipped). The server checks both
 * answers with the zod schemas of common/contracts/ticket-links.ts; these read the same shape, and
 * ticket-context-check.test.ts holds them to those schemas. Anything else throws, which `fetchApi` turns into
 * a server error (502), as a refused zod parse does.
 */

type Fields = Record<string, unknown>;

class OffContract extends Error {
  constructor(what: string) {
    super(`Not a ticket context answer: ${what}`);
    this.name = 'OffContract';
  }
}

function record(value: unknown, what: string): Fields {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new OffContract(what);
  return value as Fields;
}

function text(value: unknown, what: string): string {
  if (typeof value !== 'string') throw new OffContract(what);
  return value;
}

function textOrNull(value: unknown, what: string): string | null {
  return value === null ? null : text(value, what);
}

function list<T>(value: unknown, what: string, read: (item: unknown) => T): T[] {
  if (!Array.isArray(value)) throw new OffContract(what);
  return value.map(read);
}

function issue(value: unknown): TicketIssue {
  const fields = record(value, 'issue');
  return {
    key: text(fields.key, 'issue key'),
    summary: textOrNull(fields.summary, 'issue summary'),
    status: textOrNull(fields.status, 'issue status'),
    url: text(fields.url, 'issue url'),
  };
}

function relatedTicket(value: unknown): RelatedTicket {
  const fields = record(value, 'other ticket');
  if (!Number.isSafeInteger(fields.id)) throw new OffContract('other ticket id');
  return {
    id: fields.id as number,
    subject: text(fields.subject, 'other ticket subject'),
    status: text(fields.status, 'other ticket status'),
    url: text(fields.url, 'other ticket url'),
  };
}

/** Reads a ticket's context answer; unknown fields are left out, as zod's object does. */
export function readTicketContext(body: unknown): TicketContext {
  const fields = record(body, 'body');
  return {
    linked: list(fields.linked, 'linked', issue),
    mentioned: list(fields.mentioned, 'mentioned', issue),
    trackerProblem: textOrNull(fields.trackerProblem, 'trackerProblem'),
    otherOpenTickets: list(fields.otherOpenTickets, 'otherOpenTickets', relatedTicket),
  };
}

/** Reads the answer to linking an issue: `{issue}`. */
export function readTicketIssueItem(body: unknown): { issue: TicketIssue } {
  return { issue: issue(record(body, 'body').issue) };
}
