import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { tsvector, weightedVector } from '../../../db/search-columns.js';
import { createdAt } from '../../../db/schema/columns.js';

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
    /** The vendor's id of a synced row (a Forumbee postKey, as text); null for rows of the content folder. */
    externalId: text('external_id').unique(),
    search: tsvector('search').generatedAlwaysAs(weightedVector('title', 'text')),
    createdAt: createdAt(),
  },
  (table) => [index('community_posts_search_idx').using('gin', table.search)],
);

export type CommunityPostRow = typeof communityPosts.$inferSelect;
