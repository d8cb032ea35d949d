import { sql } from 'drizzle-orm';
import { executeRows, type Database } from '../db/client.js';

/**
 * Every item of the built-in public content tables (which the vendors' feeds fill too), with its title and
 * text: what search by meaning embeds (services/search/passage-vectors.ts). `table` is the name the full-text
 * search of the same source passes to the vector ranking, so both speak of one item the same way.
 */
export interface ContentItem {
  table: string;
  id: number;
  title: string;
  text: string;
  /** The text is HTML (cut at its headings), not plain text (one passage). */
  html: boolean;
}

/** The content tables, with the column holding each one's text. */
const CONTENT_TABLES = [
  { table: 'kb_articles', text: 'body', html: true },
  { table: 'docs_pages', text: 'body', html: true },
  { table: 'community_posts', text: 'text', html: false },
] as const;

export async function contentItems(db: Database): Promise<ContentItem[]> {
  const items: ContentItem[] = [];
  for (const spec of CONTENT_TABLES) {
    const rows = await executeRows<{ id: number; title: string; text: string }>(
      db,
      sql`select id, title, ${sql.raw(spec.text)} as text from ${sql.raw(spec.table)} order by id`,
    );
    for (const row of rows) items.push({ table: spec.table, ...row, html: spec.html });
  }
  return items;
}
