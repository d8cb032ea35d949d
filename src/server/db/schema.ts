import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Database schema (Drizzle, PostgreSQL dialect: the same tables on embedded PGlite and on a PostgreSQL
 * server). After a change run `npm run db:generate` and commit the SQL it writes to `./migrations`.
 */

/** Built-in knowledge base articles: the help desk's content when no external help desk is configured. */
export const kbArticles = pgTable(
  'kb_articles',
  {
    id: serial('id').primaryKey(),
    /** Stable, URL-safe key; seeding and links use it, so it never changes once published. */
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    /** Article body as HTML, as a help desk stores it. */
    body: text('body').notNull(),
    section: text('section').notNull(),
    htmlUrl: text('html_url').notNull(),
    viewCount: integer('view_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The home page card asks for the newest and the most read articles on every visit.
    index('kb_articles_updated_at_idx').on(table.updatedAt),
    index('kb_articles_view_count_idx').on(table.viewCount),
  ],
);

export type KbArticleRow = typeof kbArticles.$inferSelect;
export type NewKbArticleRow = typeof kbArticles.$inferInsert;
