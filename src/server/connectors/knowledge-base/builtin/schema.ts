import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { tsvector, weightedVector } from '../../../db/search-columns.js';
import { createdAt } from '../../../db/schema/columns.js';

/**
 * Knowledge base categories (`content/kb/<category-slug>/`); the Tech Hub category (`tech-hub`) is what
 * `/docs` shows. Loaded from `content/` (services/content), keyed by slug.
 */
export const kbCategories = pgTable('kb_categories', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  /** The vendor's id of a synced category (Zendesk's); null for the content folder's. */
  externalId: text('external_id').unique(),
});

export type KbCategoryRow = typeof kbCategories.$inferSelect;

/** Sections of a category (`content/kb/<category-slug>/<section-slug>/`), keyed by `<category>/<section>`. */
export const kbSections = pgTable(
  'kb_sections',
  {
    id: serial('id').primaryKey(),
    /** `<category-slug>/<section-slug>`: unique across categories. */
    key: text('key').notNull().unique(),
    categoryId: integer('category_id')
      .notNull()
      .references((): AnyPgColumn => kbCategories.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The vendor's id of a synced row (a Zendesk id, as text); null for rows of the content folder. */
    externalId: text('external_id').unique(),
  },
  (table) => [index('kb_sections_category_id_idx').on(table.categoryId)],
);

export type KbSectionRow = typeof kbSections.$inferSelect;

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
    /** The body as plain text: what search indexes and snippets are cut from. */
    bodyText: text('body_text').notNull().default(''),
    /** Section name, as the help desk shows it. */
    section: text('section').notNull(),
    sectionId: integer('section_id').references((): AnyPgColumn => kbSections.id, { onDelete: 'set null' }),
    /** Non-null: only signed-in users may read the article (a Zendesk user segment). */
    userSegmentId: bigint('user_segment_id', { mode: 'number' }),
    htmlUrl: text('html_url').notNull(),
    viewCount: integer('view_count').notNull().default(0),
    /** `content/`-relative path of the file the row was loaded from; null for rows the loader does not own. */
    sourcePath: text('source_path').unique(),
    /** SHA-256 of the file, so an unchanged file is not written again. */
    contentHash: text('content_hash'),
    /** The vendor's id of a synced row (a Zendesk id, as text); null for rows of the content folder. */
    externalId: text('external_id').unique(),
    search: tsvector('search').generatedAlwaysAs(weightedVector('title', 'body_text')),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The home page card asks for the newest and the most read articles on every visit.
    index('kb_articles_updated_at_idx').on(table.updatedAt),
    index('kb_articles_view_count_idx').on(table.viewCount),
    index('kb_articles_section_id_idx').on(table.sectionId),
    index('kb_articles_search_idx').using('gin', table.search),
  ],
);

export type KbArticleRow = typeof kbArticles.$inferSelect;

/**
 * "Was this article helpful?": one vote per article and voter, so a second vote replaces the first. The voter
 * is `user:<id>` when signed in, else `browser:<id>` from the browser's own cookie.
 */
export const articleVotes = pgTable(
  'article_votes',
  {
    articleId: integer('article_id')
      .notNull()
      .references(() => kbArticles.id, { onDelete: 'cascade' }),
    voter: text('voter').notNull(),
    helpful: boolean('helpful').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.articleId, table.voter] })],
);
export type NewKbArticleRow = typeof kbArticles.$inferInsert;
