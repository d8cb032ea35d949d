import type { ServerResponse } from 'node:http';
import { sendJson, type FakeRequest, type InjectedReply } from '../harness';
import type { FakeTicket } from './tickets';

/**
 * The fake's cursor-based incremental ticket export, `GET /api/v2/incremental/tickets/cursor.json` (also without
 * `.json`), as the reference describes it
 * (https://developer.zendesk.com/api-reference/ticketing/ticket-management/incremental_exports/, "Incremental
 * Ticket Export, Cursor Based", "Query String Parameters", "Rate limits"; the workflow in
 * https://developer.zendesk.com/documentation/ticketing/managing-tickets/using-the-incremental-export-api):
 *
 * - Admins only ("Allowed For: Admins"); anyone else answers 403.
 * - `start_time` (epoch seconds) on the initial request: the tickets "created or changed on or after the start
 *   time". It "must be at least one minute in the past"; a later one, or one that is not a number, answers 400.
 *   Then `cursor` (`after_cursor` of the page before) for every later page and export.
 * - "Any items that were created or changed within the minute prior to your request are excluded": a ticket
 *   changed less than a minute ago (on the fake's clock) is listed by a later request, from the same cursor.
 * - Up to `per_page` tickets (at most and by default 1,000), oldest change first; `after_cursor` and `after_url`
 *   point past the last one; `before_cursor` and `before_url` are null (no page before is kept);
 *   `end_of_stream` is true when no listed ticket is left after this page.
 * - "You can make up to 10 requests per minute to these endpoints": the 11th within a minute on the fake's clock
 *   answers 429 with `Retry-After`, the seconds until the oldest of those ten is a minute old (Rate limits,
 *   https://developer.zendesk.com/api-reference/introduction/rate-limits/).
 * - `exclude_deleted` is accepted; the fake deletes no ticket.
 *
 * Not documented, chosen here: the 400's status and body. The ticket export's page names no status for a too
 * recent `start_time`; the Custom Object Record export, under the same rule ("The `start_time` must be more than
 * 60 seconds ago"), answers 400 for invalid parameters, and the body follows Zendesk's `{error, description}`
 * form with the words clients have quoted ("Too recent start_time"). Also chosen: the order of tickets changed in
 * the same instant (by id); a page that lists no ticket gives `after_cursor: null` (the caller keeps the position
 * it asked from); the cursor's form, which mimics Zendesk's sample (`MTU3NjYxMzUzOS4wfHw0Njd8` is base64 of
 * `1576613539.0||467|`, an instant and a ticket id); a cursor the fake did not make answers 400.
 */

export const TICKET_EXPORT_PER_MINUTE = 10;
const MAX_PER_PAGE = 1000;
/** Changes this recent are not exported yet. */
export const EXPORT_DELAY_MS = 60_000;

interface Position {
  /** The change's instant, ms. */
  at: number;
  id: number;
}

export const exportCursorOf = (position: Position): string =>
  Buffer.from(`${position.at / 1000}||${position.id}|`).toString('base64');

function positionOf(cursor: string): Position | undefined {
  const match = /^(\d+(?:\.\d+)?)\|\|(\d+)\|$/.exec(Buffer.from(cursor, 'base64').toString('utf8'));
  if (!match?.[1] || !match[2]) return undefined;
  return { at: Math.round(Number(match[1]) * 1000), id: Number(match[2]) };
}

const after = (a: Position, b: Position) => a.at > b.at || (a.at === b.at && a.id > b.id);

const invalid = (description: string) => ({ error: 'InvalidValue', description });

export interface TicketExport {
  /** Answers one export request. */
  handle(request: FakeRequest, res: ServerResponse): void;
  /** Tickets per page when the request names no `per_page` (Zendesk: 1,000). */
  setPageSize(n: number): void;
}

export function createTicketExport(context: {
  origin: () => string;
  now: () => number;
  tickets: () => Iterable<FakeTicket>;
  rateLimited: (retryAfterSeconds: number) => InjectedReply;
}): TicketExport {
  let pageSize = MAX_PER_PAGE;
  let recent: number[] = [];

  const changedAt = (ticket: FakeTicket) => Date.parse(ticket.updated_at);

  return {
    setPageSize: (n) => {
      pageSize = n;
    },
    handle(request, res) {
      const now = context.now();
      recent = recent.filter((at) => at > now - 60_000);
      const oldest = recent[0];
      if (recent.length >= TICKET_EXPORT_PER_MINUTE && oldest !== undefined) {
        const limited = context.rateLimited(Math.max(1, Math.ceil((oldest + 60_000 - now) / 1000)));
        request.entry.outcome.limited = 'true';
        res.writeHead(limited.status, limited.headers ?? {});
        res.end(limited.body ?? '');
        return;
      }
      recent.push(now);
      const cursorText = request.query.get('cursor');
      const startText = request.query.get('start_time');
      let from: (ticket: Position) => boolean;
      if (cursorText !== null && cursorText !== '') {
        const position = positionOf(cursorText);
        if (!position) return sendJson(res, 400, invalid('cursor is not valid'));
        request.entry.outcome.from = 'cursor';
        from = (ticket) => after(ticket, position);
      } else if (startText !== null) {
        if (!/^\d{1,12}$/.test(startText))
          return sendJson(res, 400, invalid('start_time must be an epoch time in seconds'));
        const start = Number(startText) * 1000;
        if (start > now - EXPORT_DELAY_MS) {
          return sendJson(res, 400, invalid('Too recent start_time. Use a start_time older than 1 minute'));
        }
        request.entry.outcome.from = 'start_time';
        from = (ticket) => ticket.at >= start;
      } else {
        return sendJson(res, 400, invalid('start_time or cursor is required'));
      }
      const perPageText = request.query.get('per_page');
      const perPage = perPageText === null ? pageSize : Number(perPageText);
      if (!Number.isInteger(perPage) || perPage < 1 || perPage > MAX_PER_PAGE) {
        return sendJson(res, 400, invalid('per_page must be an integer from 1 to 1000'));
      }
      const listed = [...context.tickets()]
        .map((ticket) => ({ ticket, at: changedAt(ticket), id: ticket.id }))
        .filter((item) => item.at <= now - EXPORT_DELAY_MS && from(item))
        .sort((a, b) => a.at - b.at || a.id - b.id);
      const page = listed.slice(0, perPage);
      const last = page[page.length - 1];
      const cursor = last ? exportCursorOf(last) : null;
      request.entry.outcome.tickets = String(page.length);
      sendJson(res, 200, {
        tickets: page.map(({ ticket, at }) => ({ ...ticket, generated_timestamp: Math.floor(at / 1000) })),
        after_cursor: cursor,
        after_url:
          cursor === null
            ? null
            : `${context.origin()}/api/v2/incremental/tickets/cursor.json?cursor=${encodeURIComponent(cursor)}`,
        before_cursor: null,
        before_url: null,
        end_of_stream: listed.length <= perPage,
      });
    },
  };
}
