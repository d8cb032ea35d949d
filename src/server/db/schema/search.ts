import { boolean, index, integer, jsonb, pgTable, primaryKey, real, serial, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { users } from './auth.js';

/**
 * The vocabulary of the public content (knowledge base, documentation, community): every word of its titles and
 * bodies, lower-cased, with how many items hold it. Where 'Did you mean' looks for the nearest spelling
 * (pg_trgm), and what tells a word of the content from a word foreign to all of it. Rebuilt after each content
 * load. A word list answers a trigram lookup in about a millisecond, where the same lookup over the items
 * themselves costs tens of milliseconds per table at 100,000 items, and it is the approach the PostgreSQL
 * manual suggests (pg_trgm, "Text Search Integration").
 */
export const searchWords = pgTable(
  'search_words',
  {
    word: text('word').primaryKey(),
    /** Items (title or body) holding the word. */
    items: integer('items').notNull().default(0),
    /** Whether a title holds it. */
    inTitle: boolean('in_title').notNull().default(false),
    /** Its Porter2 stem (highlight.ts `stemOf`): "syncing" is a word of content that holds "sync". */
    stem: text('stem').notNull().default(''),
  },
  (table) => [
    index('search_words_word_trgm_idx').using('gin', table.word.op('gin_trgm_ops')),
    index('search_words_stem_idx').on(table.stem),
    // The most items a word is in (`max(items)`): how many items the content has, read by every search that
    // weighs its words (search-words.ts knownWords), without reading the whole list.
    index('search_words_items_idx').on(table.items),
  ],
);

/** Counts of one search per source key (`{zendesk: 12, git: 0, ...}`). */
export type SearchCounts = Record<string, number>;

/**
 * One row per aggregator search, for the admin's search analytics. Personal data kept to the user id; the
 * query is normalised (trimmed, lower-cased, single spaces).
 */
export const searchEvents = pgTable(
  'search_events',
  {
    id: serial('id').primaryKey(),
    query: text('query').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** `anonymous`, `customer`, `agent` or `admin`. */
    role: text('role').notNull(),
    counts: jsonb('counts').$type<SearchCounts>().notNull(),
    total: integer('total').notNull(),
    /** The corrected spelling whose results a source or more showed ('Showing results for'), normalised. */
    correctedTo: text('corrected_to'),
    /** A source or more found few items with every word and showed the partial match. */
    partial: boolean('partial').notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [index('search_events_created_at_idx').on(table.createdAt)],
);

/**
 * One row per click on a search result, with its rank on the page (1 = first): the click-through of the
 * admin's search analytics, which shows what customers found worth opening.
 */
export const searchClicks = pgTable(
  'search_clicks',
  {
    id: serial('id').primaryKey(),
    query: text('query').notNull(),
    /** The source key of the result (`zendesk`, `git`, ...). */
    source: text('source').notNull(),
    /** 1-based position among that source's results, across pages. */
    rank: integer('rank').notNull(),
    url: text('url').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [index('search_clicks_created_at_idx').on(table.createdAt)],
);

/**
 * The meaning of each public content passage (an item's title with one of its sections, cut as the assistant
 * cuts them): a vector from the configured embedder, stored beside the full-text index and ranked in the
 * process (services/search/passage-vectors.ts). `source` is the content table of the item (the knowledge base's,
 * the documentation's or the community's, as connectors/content-items.ts names them); `content_hash` is the hash of the text embedded, so a passage is embedded again only
 * when its text or the embedder (`embedder`, its id) changes.
 */
export const passageVectors = pgTable(
  'passage_vectors',
  {
    source: text('source').notNull(),
    itemId: integer('item_id').notNull(),
    passage: integer('passage').notNull(),
    embedder: text('embedder').notNull(),
    contentHash: text('content_hash').notNull(),
    vector: real('vector').array().notNull(),
  },
  (table) => [primaryKey({ columns: [table.source, table.itemId, table.passage] })],
);
