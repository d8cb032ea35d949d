import { randomUUID } from 'node:crypto';
import { and, eq, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { ContentSourceName, ContentSyncStatus } from '../../../common/contracts/content-sync.js';
import type { ContentSync } from '../../connectors/content-sync.js';
import type { Database } from '../../db/client.js';
import { contentSyncState, type ContentSyncRow } from '../../db/schema/index.js';
import { ServiceError } from '../../lib/errors.js';

/**
 * The vendor feeds' syncs (Zendesk Help Center, GitBook, Forumbee): each configured source is synced every
 * `intervalMs`, on one instance at a time, from where its previous pass ended, and a complete pass (which removes
 * what the vendor no longer publishes) at least every `fullEveryMs`. State lives in `content_sync_state`, one row
 * per source: the cursor, the last run, success and error, when the next one is due, and the lease of the
 * instance running it. A lease rather than an advisory lock: a pass is minutes of vendor calls, too long to hold
 * a database connection (an embedded database has one), and a crashed instance's lease simply runs out. The
 * writes of a pass take the content lock as a content load does (connectors/content-sync.ts).
 *
 * Nothing waits for a vendor: the first sync starts in the background, readiness does not depend on it, and a
 * failing vendor leaves the last synced content in place while the admins' status shows the error.
 */

export interface VendorSyncOptions {
  db: Database;
  syncs: readonly ContentSync[];
  intervalMs: number;
  log: FastifyBaseLogger;
  /** Called after a pass changed the content (the word list and the caches are stale). */
  onChanged: () => Promise<void>;
  /** A pass running longer is aborted: 10 minutes unless set. */
  passTimeoutMs?: number;
  /** The longest time between complete passes: a day unless set. */
  fullEveryMs?: number;
  /** How often an instance looks for a due source: a minute (or the interval, if shorter) unless set. */
  checkEveryMs?: number;
}

const VENDOR_NAMES: Record<ContentSync['vendor'], string> = {
  zendesk: 'Zendesk',
  gitbook: 'GitBook',
  forumbee: 'Forumbee',
};

/** What a failed pass tells the admins: the error's own words when the portal wrote them, else a pointer. */
function describeFailure(error: unknown, vendor: string): string {
  if (error instanceof ServiceError) return error.message;
  if (error instanceof Error && error.name === 'AbortError') return `The sync with ${vendor} was stopped before it ended: it took too long, or the portal was shutting down.`;
  return `The sync with ${vendor} failed unexpectedly; the server log has the details.`;
}

const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);

export class VendorSync {
  private readonly instance = randomUUID();
  private readonly bySource: ReadonlyMap<ContentSourceName, ContentSync>;
  private readonly running = new Map<ContentSourceName, { controller: AbortController; done: Promise<void> }>();
  private timer: NodeJS.Timeout | undefined;
  private ready: Promise<void> | undefined;
  private stopped = false;

  constructor(private readonly options: VendorSyncOptions) {
    this.bySource = new Map(options.syncs.map((sync) => [sync.source, sync]));
  }

  get sources(): readonly ContentSourceName[] {
    return [...this.bySource.keys()];
  }

  private get passTimeoutMs(): number {
    return this.options.passTimeoutMs ?? 10 * 60_000;
  }

  /** One state row per configured source; a source whose vendor changed starts again from no cursor. */
  private ensureRows(): Promise<void> {
    this.ready ??= (async () => {
      for (const sync of this.bySource.values()) {
        await this.options.db
          .insert(contentSyncState)
          .values({ source: sync.source, vendor: sync.vendor })
          .onConflictDoUpdate({
            target: contentSyncState.source,
            set: { vendor: sync.vendor, cursor: null, lastFullAt: null },
            setWhere: sql`${contentSyncState.vendor} <> ${sync.vendor}`,
          });
      }
    })();
    return this.ready;
  }

  /** Starts looking for due syncs now and then every `checkEveryMs`, in the background. */
  start(): void {
    if (this.bySource.size === 0 || this.timer) return;
    const every = this.options.checkEveryMs ?? Math.min(this.options.intervalMs, 60_000);
    const check = (): void => {
      this.runDue().catch((error: unknown) => this.options.log.error({ err: error }, 'content sync check failed'));
    };
    this.timer = setInterval(check, every).unref();
    check();
  }

  /** Runs every source that is due and not leased elsewhere; resolves when those passes have ended. */
  async runDue(): Promise<void> {
    await this.ensureRows();
    await Promise.all([...this.bySource.keys()].map((source) => this.runIfDue(source, false)));
  }

  /**
   * "Sync now": the source is due at once and runs here unless another instance is running it. Answers false
   * when it is running already (here or elsewhere).
   */
  async syncNow(source: ContentSourceName): Promise<boolean> {
    if (!this.bySource.has(source)) throw new ServiceError('NOT_FOUND', 'No vendor feed fills this source.');
    await this.ensureRows();
    await this.options.db
      .update(contentSyncState)
      .set({ nextRunAt: sql`now()` })
      .where(eq(contentSyncState.source, source));
    return this.runIfDue(source, true);
  }

  /** Answers false when the source is leased (running); else runs it (in the background when `detach`). */
  private async runIfDue(source: ContentSourceName, detach: boolean): Promise<boolean> {
    if (this.stopped || this.running.has(source)) return false;
    const sync = this.bySource.get(source);
    if (!sync) return false;
    const leaseMs = this.passTimeoutMs + 60_000;
    const [row] = await this.options.db
      .update(contentSyncState)
      .set({
        leaseOwner: this.instance,
        leaseUntil: sql`now() + ${`${leaseMs} milliseconds`}::interval`,
        lastStartedAt: sql`now()`,
      })
      .where(
        and(
          eq(contentSyncState.source, source),
          lte(contentSyncState.nextRunAt, sql`now()`),
          or(isNull(contentSyncState.leaseUntil), lt(contentSyncState.leaseUntil, sql`now()`)),
        ),
      )
      .returning();
    if (!row) return false;
    const controller = new AbortController();
    const done = this.pass(sync, row, controller).finally(() => this.running.delete(source));
    this.running.set(source, { controller, done });
    if (!detach) await done;
    return true;
  }

  private async pass(sync: ContentSync, row: ContentSyncRow, controller: AbortController): Promise<void> {
    const { db, log, intervalMs } = this.options;
    const fullEveryMs = this.options.fullEveryMs ?? 24 * 60 * 60_000;
    const full = row.cursor === null || row.lastFullAt === null || Date.now() - row.lastFullAt.getTime() >= fullEveryMs;
    const timeout = setTimeout(() => controller.abort(), this.passTimeoutMs);
    const mine = and(eq(contentSyncState.source, sync.source), eq(contentSyncState.leaseOwner, this.instance));
    const next = (ms: number) => sql`now() + ${`${ms} milliseconds`}::interval`;
    try {
      const outcome = await sync.run({ cursor: row.cursor ?? undefined, full, signal: controller.signal });
      await db
        .update(contentSyncState)
        .set({
          cursor: outcome.cursor,
          lastSuccessAt: sql`now()`,
          lastFinishedAt: sql`now()`,
          ...(outcome.complete ? { lastFullAt: sql`now()` } : {}),
          lastError: null,
          written: outcome.written,
          removed: outcome.removed,
          nextRunAt: next(intervalMs),
          leaseOwner: null,
          leaseUntil: null,
        })
        .where(mine);
      log.info({ source: sync.source, vendor: sync.vendor, full, ...outcome, cursor: undefined }, 'content synced');
      if (outcome.written + outcome.removed > 0) await this.options.onChanged();
    } catch (error) {
      const vendor = VENDOR_NAMES[sync.vendor];
      log.warn({ err: error, source: sync.source, vendor: sync.vendor }, 'content sync failed; the last synced content stays');
      // A vendor that said when to come back is not asked before then.
      const retryAfterMs = error instanceof ServiceError ? (error.retryAfterMs ?? 0) : 0;
      await db
        .update(contentSyncState)
        .set({
          lastFinishedAt: sql`now()`,
          lastError: describeFailure(error, vendor),
          nextRunAt: next(Math.max(intervalMs, retryAfterMs)),
          leaseOwner: null,
          leaseUntil: null,
        })
        .where(mine);
    } finally {
      clearTimeout(timeout);
    }
  }

  /** Every configured source's state, in the order kb, docs, community. */
  async status(): Promise<ContentSyncStatus[]> {
    await this.ensureRows();
    const rows = await this.options.db.select().from(contentSyncState);
    const order: ContentSourceName[] = ['kb', 'docs', 'community'];
    return order.flatMap((source) => {
      const sync = this.bySource.get(source);
      const row = rows.find((candidate) => candidate.source === source);
      if (!sync || !row) return [];
      return [
        {
          source,
          vendor: VENDOR_NAMES[sync.vendor],
          running: row.leaseUntil !== null && row.leaseUntil.getTime() > Date.now(),
          lastSuccessAt: iso(row.lastSuccessAt),
          lastFinishedAt: iso(row.lastFinishedAt),
          lastFullAt: iso(row.lastFullAt),
          lastError: row.lastError,
          nextRunAt: row.nextRunAt.toISOString(),
          written: row.written,
          removed: row.removed,
        },
      ];
    });
  }

  /** Stops looking for due syncs and aborts the passes running here; their leases are given back. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    this.timer = undefined;
    const passes = [...this.running.values()];
    for (const pass of passes) pass.controller.abort();
    await Promise.allSettled(passes.map((pass) => pass.done));
  }
}
