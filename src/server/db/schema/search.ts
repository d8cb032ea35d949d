import { boolean, index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { users } from './auth.js';

/**
 * The words of every public content title (knowledge base, documentation, community), lower-cased: where
 * 'Did you mean' looks for the nearest spelling (pg_trgm). Rebuilt after each content load. A word list of a
 * few thousand rows answers a trigram lookup in about a millisecond, where the same lookup over the titles
 * themselves costs tens of milliseconds per table at 100,000 items, and it is the approach the PostgreSQL
 * manual suggests (pg_trgm, "Text Search Integration").
 */
export const searchWords = pgTable('search_words', { word: text('word').primaryKey() }, (table) => [
  index('search_words_word_trgm_idx').using('gin', table.word.op('gin_trgm_ops')),
]);

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
    /** The corrected spelling whose results were shown ('Showing results for'), normalised; else null. */
    correctedTo: text('corrected_to'),
    /** Nothing matched every word: the results were the partial match. */
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
