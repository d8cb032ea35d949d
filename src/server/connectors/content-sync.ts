import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import type { ContentFeed, ContentSource, FeedPass, FeedPassRequest } from './content-feed.js';

/**
 * A source whose content comes from a vendor's feed: one `run` asks the feed for a pass and writes it into the
 * tables the portal's search reads. The sync service (services/content/vendor-sync.ts) decides when, on which
 * instance, and from which cursor; a connector with no vendor feed has none (`contentSync: null`).
 */
export interface ContentSync {
  readonly source: ContentSource;
  readonly vendor: ContentFeed<unknown>['vendor'];
  /**
   * One pass written in one transaction: a pass that fails at the vendor, or cannot be written, leaves the content
   * as it was (and the cursor where it was).
   */
  run(request: FeedPassRequest): Promise<SyncOutcome>;
}

export interface SyncOutcome {
  /** Where the next pass starts. */
  cursor: string;
  /** The pass listed everything published (items gone at the vendor were removed). */
  complete: boolean;
  /** Items inserted or changed. */
  written: number;
  /** Items removed. */
  removed: number;
}

/** Writes one pass into a source's tables inside the caller's transaction; answers what it changed. */
export type FeedPassStore<Item> = (
  tx: Database,
  pass: FeedPass<Item>,
) => Promise<{ written: number; removed: number }>;

/**
 * Content loads and syncs take turns across instances (a transaction-scoped advisory lock): the content
 * folder's load and a vendor pass never write the same tables at once.
 */
export const CONTENT_LOCK_KEY = 7_354_120_002;

export async function lockContent(tx: Database): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${CONTENT_LOCK_KEY})`);
}

/** A feed and the store of its source, as one `ContentSync`. The pass is read whole before anything is written. */
export function createFeedSync<Item>(
  db: Database,
  feed: ContentFeed<Item>,
  store: FeedPassStore<Item>,
): ContentSync {
  return {
    source: feed.source,
    vendor: feed.vendor,
    async run(request) {
      const pass = await feed.pass(request);
      const changed = await db.transaction(async (tx) => {
        await lockContent(tx);
        return store(tx, pass);
      });
      return { cursor: pass.cursor, complete: pass.complete, ...changed };
    },
  };
}
