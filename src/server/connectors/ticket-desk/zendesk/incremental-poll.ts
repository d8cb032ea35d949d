import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import { ServiceError } from '../../../lib/errors.js';
import type { VendorHttp, VendorLog } from '../../vendor-http.js';
import type { DeskChangePoll } from '../types.js';
import { readExportPage, type ExportPosition } from './incremental-export.js';
import { zendeskTicketPoll, zendeskTicketState, type TicketPollRow } from './schema.js';

/**
 * Changes made in Zendesk, for a portal without Zendesk's webhook: every `intervalMs` one instance reads the
 * incremental ticket export (incremental-export.ts) from where the last poll stopped, and fires the portal's live
 * ticket event (`changed`, the webhook's path too) for each changed ticket the portal knows, that is one with a
 * `zendesk_ticket_state` row. Tickets only Zendesk knows have no page in the portal to refresh.
 *
 * One instance at a time, as the content syncs run (services/content/vendor-sync.ts): a lease in the
 * `zendesk_ticket_poll` row, taken only when the poll is due and no live lease is held, given back at the end; a
 * crashed instance's lease runs out. The cursor is written to that row after each page's events have fired, so
 * the instance that polls next (this one or another) continues from it; a page whose events could not all fire
 * is read again (an event twice costs a page refresh, one lost a stale page). A 429 is waited for within
 * `callBudgetMs` (vendor-http.ts); a longer `Retry-After` ends the poll, which is then not due before it.
 */

export interface IncrementalPollOptions {
  db: Database;
  /** The ticket desk's Zendesk client: the service token, the vendor HTTP helper's retries. */
  http: VendorHttp;
  intervalMs: number;
  /** Reads the ticket and fires its live event. */
  changed: (ticketId: number) => Promise<void>;
  log: VendorLog;
  /** A poll running longer is aborted: 2 minutes unless set. */
  passTimeoutMs?: number;
  /** Longest one export request may take, a 429's wait included: 30 s unless set. */
  callBudgetMs?: number;
  now?: () => number;
}

const POLL_NAME = 'tickets';
/**
 * Pages read in one poll at most: the export allows 10 requests a minute, so one poll leaves room for the next;
 * the rest of a long backlog is read by the polls after it.
 */
export const MAX_PAGES_PER_POLL = 5;

/** What a failed poll leaves in its row: the portal's own words, else a pointer to the log. */
function describeFailure(error: unknown): string {
  if (error instanceof ServiceError) return error.message;
  if (error instanceof Error && error.name === 'AbortError') {
    return 'The poll of Zendesk was stopped before it ended: it took too long, or the portal was shutting down.';
  }
  return 'The poll of Zendesk failed unexpectedly; the server log has the details.';
}

const later = (ms: number) => sql`now() + ${`${Math.max(0, Math.round(ms))} milliseconds`}::interval`;

export function createIncrementalPoll(options: IncrementalPollOptions): DeskChangePoll {
  const { db, http, log, changed, intervalMs } = options;
  const now = options.now ?? Date.now;
  const passTimeoutMs = options.passTimeoutMs ?? 2 * 60_000;
  const callBudgetMs = options.callBudgetMs ?? 30_000;
  const instance = randomUUID();
  const mine = and(eq(zendeskTicketPoll.name, POLL_NAME), eq(zendeskTicketPoll.leaseOwner, instance));
  let running: { controller: AbortController; done: Promise<void> } | undefined;
  let timer: NodeJS.Timeout | undefined;
  let ready: Promise<void> | undefined;
  let stopped = false;

  const ensureRow = () => {
    ready ??= db
      .insert(zendeskTicketPoll)
      .values({ name: POLL_NAME })
      .onConflictDoNothing()
      .then(() => undefined);
    return ready;
  };

  async function knownTickets(ids: readonly number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await db
      .select({ id: zendeskTicketState.ticketId })
      .from(zendeskTicketState)
      .where(inArray(zendeskTicketState.ticketId, [...new Set(ids)]));
    const known = new Set(rows.map((row) => row.id));
    return [...new Set(ids)].filter((id) => known.has(id));
  }

  /** Reads the export from the row's position, firing each page's events before its cursor is kept. */
  async function poll(row: TicketPollRow, signal: AbortSignal): Promise<{ pages: number; fired: number }> {
    let position: ExportPosition = row.cursor ? { cursor: row.cursor } : { startTime: row.startedAt };
    let fired = 0;
    for (let pages = 1; ; pages++) {
      let page;
      try {
        page = await readExportPage(http, position, { deadline: now() + callBudgetMs, signal, now: now() });
      } catch (error) {
        // A cursor Zendesk no longer takes would stop the poll for good: start again from now.
        if ('cursor' in position && error instanceof ServiceError && error.code === 'INVALID_INPUT') {
          log.warn({ vendor: 'zendesk' }, 'zendesk refused the export cursor; polling again from now');
          await db
            .update(zendeskTicketPoll)
            .set({ cursor: null, startedAt: sql`now()` })
            .where(mine);
        }
        throw error;
      }
      for (const id of await knownTickets(page.tickets.map((ticket) => ticket.id))) {
        await changed(id);
        fired += 1;
      }
      const cursor = page.after_cursor ?? null;
      if (cursor !== null) {
        position = { cursor };
        await db.update(zendeskTicketPoll).set({ cursor }).where(mine);
      }
      if (page.end_of_stream || cursor === null || pages >= MAX_PAGES_PER_POLL) return { pages, fired };
    }
  }

  async function pass(row: TicketPollRow, controller: AbortController): Promise<void> {
    const timeout = setTimeout(() => controller.abort(), passTimeoutMs);
    try {
      const outcome = await poll(row, controller.signal);
      await db
        .update(zendeskTicketPoll)
        .set({
          lastSuccessAt: sql`now()`,
          lastError: null,
          nextRunAt: later(intervalMs),
          leaseOwner: null,
          leaseUntil: null,
        })
        .where(mine);
      if (outcome.fired > 0) log.info({ vendor: 'zendesk', ...outcome }, 'zendesk ticket changes polled');
    } catch (error) {
      // A vendor that said when to come back is not asked before then.
      const retryAfterMs = error instanceof ServiceError ? (error.retryAfterMs ?? 0) : 0;
      log.warn({ vendor: 'zendesk', err: error, retryAfterMs }, 'zendesk ticket poll failed');
      await db
        .update(zendeskTicketPoll)
        .set({
          lastError: describeFailure(error),
          nextRunAt: later(Math.max(intervalMs, retryAfterMs)),
          leaseOwner: null,
          leaseUntil: null,
        })
        .where(mine);
    } finally {
      clearTimeout(timeout);
    }
  }

  async function runDue(): Promise<boolean> {
    if (stopped || running) return false;
    await ensureRow();
    const [row] = await db
      .update(zendeskTicketPoll)
      .set({ leaseOwner: instance, leaseUntil: later(passTimeoutMs + 60_000) })
      .where(
        and(
          eq(zendeskTicketPoll.name, POLL_NAME),
          lte(zendeskTicketPoll.nextRunAt, sql`now()`),
          or(isNull(zendeskTicketPoll.leaseUntil), lt(zendeskTicketPoll.leaseUntil, sql`now()`)),
        ),
      )
      .returning();
    if (!row || stopped) {
      if (row) await db.update(zendeskTicketPoll).set({ leaseOwner: null, leaseUntil: null }).where(mine);
      return false;
    }
    const controller = new AbortController();
    const done = pass(row, controller).finally(() => {
      running = undefined;
    });
    running = { controller, done };
    await done;
    return true;
  }

  return {
    start() {
      if (timer || stopped) return;
      // Often enough that the poll runs close to its due time whichever instance takes it; each look is one
      // UPDATE that matches no row until the poll is due.
      const every = Math.max(1000, Math.min(intervalMs / 4, 15_000));
      const check = (): void => {
        runDue().catch((error: unknown) =>
          log.error({ vendor: 'zendesk', err: error }, 'zendesk ticket poll check failed'),
        );
      };
      timer = setInterval(check, every).unref();
      check();
    },
    runDue,
    async pollNow() {
      if (stopped) return false;
      await ensureRow();
      await db
        .update(zendeskTicketPoll)
        .set({ nextRunAt: sql`now()` })
        .where(eq(zendeskTicketPoll.name, POLL_NAME));
      return runDue();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      timer = undefined;
      const current = running;
      current?.controller.abort();
      await current?.done.catch(() => undefined);
    },
  };
}
