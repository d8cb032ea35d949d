import { z } from 'zod';
import type { VendorHttp } from '../../vendor-http.js';

/**
 * One page of Zendesk's cursor-based incremental ticket export
 * (https://developer.zendesk.com/api-reference/ticketing/ticket-management/incremental_exports/, "Incremental
 * Ticket Export, Cursor Based"; the workflow in
 * https://developer.zendesk.com/documentation/ticketing/managing-tickets/using-the-incremental-export-api):
 * `GET /api/v2/incremental/tickets/cursor.json?start_time=<epoch s>` once, then `?cursor=<after_cursor>` for
 * every later page and export ("the `start_time` parameter is used once to fetch the initial page of the
 * initial export, then `cursor` is used for subsequent pages and exports"). `start_time` "must be at least one
 * minute in the past. Data isn't provided for the most recent minute". `end_of_stream` is "true if the current
 * request has returned all the results up to the current time". Up to 1,000 tickets a page (`per_page`, the
 * default); `exclude_deleted=true` leaves deletions out of the stream. "You can make up to 10 requests per minute
 * to these endpoints"; a 429 carries `Retry-After`, which the vendor HTTP helper honours.
 *
 * Not documented: what `after_cursor` holds when a page lists no ticket; read as possibly null, and then the
 * caller keeps the position it asked from.
 */

export const INCREMENTAL_TICKETS_PATH = '/api/v2/incremental/tickets/cursor.json';

/** The export's own limit: requests a minute to the incremental endpoints. */
export const INCREMENTAL_REQUESTS_PER_MINUTE = 10;

/**
 * How far behind now a first `start_time` is put: Zendesk refuses one less than a minute old, and the two
 * clocks may differ by some seconds.
 */
export const START_TIME_MARGIN_MS = 2 * 60_000;

export const incrementalTicketPageSchema = z.object({
  tickets: z.array(z.object({ id: z.number().int() })),
  after_cursor: z.string().nullable().optional(),
  end_of_stream: z.boolean(),
});
export type IncrementalTicketPage = z.infer<typeof incrementalTicketPageSchema>;

/** Where a page starts: Zendesk's cursor, or (before the first cursor) an instant. */
export type ExportPosition = { cursor: string } | { startTime: Date };

/** The `start_time` for an instant: epoch seconds, and never within {@link START_TIME_MARGIN_MS} of now. */
export function startTimeOf(startTime: Date, now: number): number {
  return Math.floor(Math.min(startTime.getTime(), now - START_TIME_MARGIN_MS) / 1000);
}

export function readExportPage(
  http: VendorHttp,
  position: ExportPosition,
  options: { deadline: number; signal: AbortSignal; now: number },
): Promise<IncrementalTicketPage> {
  return http.request({
    path: INCREMENTAL_TICKETS_PATH,
    query: {
      ...('cursor' in position
        ? { cursor: position.cursor }
        : { start_time: startTimeOf(position.startTime, options.now) }),
      exclude_deleted: true,
    },
    schema: incrementalTicketPageSchema,
    deadline: options.deadline,
    signal: options.signal,
  });
}
