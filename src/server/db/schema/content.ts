import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { tsvector, weightedVector } from '../search-columns.js';
import { createdAt } from './columns.js';

/**
 * Knowledge base categories (`content/kb/<category-slug>/`); the Tech Hub category (`tech-hub`) is what
 * `/docs` shows. Loaded from `content/` (services/content), keyed by slug.
 */
export const kbCategories = pgTable('kb_categories', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
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
    userSegmentId: integer('user_segment_id'),
    htmlUrl: text('html_url').notNull(),
    viewCount: integer('view_count').notNull().default(0),
    /** `content/`-relative path of the file the row was loaded from; null for rows the loader does not own. */
    sourcePath: text('source_path').unique(),
    /** SHA-256 of the file, so an unchanged file is not written again. */
    contentHash: text('content_hash'),
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
    search: tsvector('search').generatedAlwaysAs(weightedVector('title', 'body_text')),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('docs_pages_search_idx').using('gin', table.search)],
);

export type DocsPageRow = typeof docsPages.$inferSelect;

/** Built-in community posts (`content/community/<slug>.md`), Forumbee's role. */
export const communityPosts = pgTable(
  'community_posts',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    /** Null for rows the loader does not own (the benchmark's synthetic corpus). */
    sourcePath: text('source_path').unique(),
    title: text('title').notNull(),
    author: text('author').notNull(),
    /** The post as plain text. */
    text: text('text').notNull(),
    url: text('url').notNull(),
    replies: integer('replies').notNull().default(0),
    contentHash: text('content_hash'),
    search: tsvector('search').generatedAlwaysAs(weightedVector('title', 'text')),
    createdAt: createdAt(),
  },
  (table) => [index('community_posts_search_idx').using('gin', table.search)],
);

export type CommunityPostRow = typeof communityPosts.$inferSelect;
