import { and, inArray, isNotNull, isNull, notInArray, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client.js';
import type { FeedPass } from './content-feed.js';
import { headingSlug } from './content-folder/markdown.js';

/**
 * The removals of one feed pass in a source's table: the ids the vendor reports gone, and on a complete pass
 * every synced row not listed. A complete pass also removes the content folder's rows of that source (their
 * `source_path` set): once a vendor's feed fills a source, the folder no longer does. Rows of neither (the
 * benchmark's corpus) are never touched. Answers how many rows went.
 */
export async function removeFeedRows<Item extends { externalId: string }>(
  tx: Database,
  table: PgTable,
  columns: { externalId: PgColumn; sourcePath: PgColumn | undefined },
  pass: FeedPass<Item>,
): Promise<number> {
  const { externalId, sourcePath } = columns;
  let removed = 0;
  const remove = async (where: SQL | undefined): Promise<void> => {
    removed += (await tx.delete(table).where(where).returning({ id: externalId })).length;
  };
  if (pass.removed.length > 0) await remove(inArray(externalId, [...pass.removed]));
  if (pass.complete) {
    const listed = [...pass.items.map((item) => item.externalId), ...pass.unchanged];
    await remove(
      listed.length > 0 ? and(isNotNull(externalId), notInArray(externalId, listed)) : isNotNull(externalId),
    );
    if (sourcePath) await remove(and(isNull(externalId), isNotNull(sourcePath)));
  }
  return removed;
}

/** A stable, URL-safe slug for a synced item: its title's words and the vendor's id (`upgrade-path-360012`). */
export function feedSlug(title: string, externalId: string): string {
  const words = headingSlug(title).slice(0, 60).replace(/-+$/, '');
  const id = externalId
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${words}-${id}`;
}
