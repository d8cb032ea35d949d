import { sql } from 'drizzle-orm';
import { executeRows, type Database } from '../../db/client.js';

/**
 * The word list behind 'Did you mean' (table `search_words`): every word of the public content titles, and
 * the trigram lookup over it. Words are split as `queryWords` in suggest.ts splits a query (lower case, runs
 * of letters and digits); words the suggestion never corrects (shorter than 3, or with a digit) are left out.
 * Tickets and defects are not in it: their titles must not surface to people who may not see them.
 */

const TITLE_TABLES = ['kb_articles', 'docs_pages', 'community_posts'] as const;

/** Replaces the word list with the words of the current titles; the content loader calls it after a load. */
export async function refreshSearchWords(db: Database): Promise<void> {
  const titles = sql.raw(TITLE_TABLES.map((table) => `select title from ${table}`).join(' union all '));
  // One transaction: searches meanwhile see the old list, never an empty one. Two instances refreshing at
  // once both end with the same list (`on conflict do nothing` waits for the other's rows).
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from search_words`);
    await tx.execute(sql`insert into search_words (word)
select distinct word from (select regexp_split_to_table(lower(title), '[^[:alnum:]]+') as word from (${titles}) titles) words
where length(word) >= 3 and word !~ '[0-9]'
on conflict do nothing`);
  });
}

/** At most `limit` listed words most similar to `word` (pg_trgm `%`, its default threshold 0.3), best first. */
export async function similarWords(db: Database, word: string, limit = 5): Promise<string[]> {
  const rows = await executeRows<{ word: string }>(
    db,
    sql`select word from search_words where word % ${word} order by similarity(word, ${word}) desc, word limit ${limit}`,
  );
  return rows.map((row) => row.word);
}
