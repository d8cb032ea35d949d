import { index, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { tsvector, weightedVector } from '../../../db/search-columns.js';

/** One block of a documentation page: the text under one heading. */
export interface DocsBlock {
  /** The heading the block starts with; empty for text before the first heading. */
  title: string;
  /** Plain text of the block. */
  content: string;
}

/** Built-in documentation pages (`content/docs/<domain-slug>/<page-slug>.md`), GitBook's role. */
export const docsPages = pgTable(
  'docs_pages',
  {
    id: serial('id').primaryKey(),
    /** `content/`-relative path of the file; null for rows the loader does not own (benchmark corpus). */
    sourcePath: text('source_path').unique(),
    title: text('title').notNull(),
    /** Host of the documentation site, e.g. `docs.acme.example`. */
    domain: text('domain').notNull(),
    /** Path of the page on that site, e.g. `/controller/transit-gateways`. */
    path: text('path').notNull(),
    body: text('body').notNull(),
    bodyText: text('body_text').notNull(),
    blocks: jsonb('blocks').$type<DocsBlock[]>().notNull(),
    contentHash: text('content_hash'),
    /** The vendor's id of a synced row (a GitBook page, as text); null for rows of the content folder. */
    externalId: text('external_id').unique(),
    search: tsvector('search').generatedAlwaysAs(weightedVector('title', 'body_text')),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('docs_pages_search_idx').using('gin', table.search)],
);

export type DocsPageRow = typeof docsPages.$inferSelect;
