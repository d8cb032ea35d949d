import { sql } from 'drizzle-orm';
import type { VocabularyWord } from '../../connectors/search-types.js';
import { executePreparedRows, executeRows, type Database } from '../../db/client.js';
import { stemOf } from '../../lib/fulltext/highlight.js';
import type { TtlCache } from '../../lib/ttl-cache.js';

/**
 * The vocabulary of the public content (table `search_words`): every word of its titles and bodies, with how
 * many items hold it, and the trigram lookup over it. It gives 'Did you mean' its candidates and tells a word
 * of the content from one foreign to all of it (suggest.ts). Words are split as a query's (query-terms.ts
 * `wordsOf`: lower case, runs of letters and digits); words the suggestion never corrects (shorter than 3, or
 * with a digit) are left out. Tickets and defects are not in it: their words must not surface to people who
 * may not see them.
 */

/** Where words come from: the knowledge base, the documentation and the community connectors. */
export interface VocabularySource {
  vocabulary(): Promise<VocabularyWord[]>;
}

const WORDS_LOCK_KEY = 7_354_120_003;

/** The refresh running in this process, per database: the next one starts after it (see refreshSearchWords). */
const running = new WeakMap<Database, Promise<void>>();

/**
 * Replaces the vocabulary with the words of the sources' current content; called after every content load and
 * sync. Refreshes in one process run one after another, each reading the words only when the previous one has
 * written, so the last refresh after a load reads that load's words. (The words are read before the
 * transaction: an embedded database has one connection, which a read from outside an open transaction would
 * wait for forever.) Across instances a refresh that read its words just before another instance's load could
 * write after that load's own refresh; the next load or sync writes the list again.
 */
export function refreshSearchWords(db: Database, sources: readonly VocabularySource[]): Promise<void> {
  const previous = running.get(db) ?? Promise.resolve();
  const next = previous.catch(() => undefined).then(() => replaceWords(db, sources));
  running.set(db, next);
  return next;
}

/** Whether the database holds a vocabulary already (one cut at an earlier start or content load). */
export async function searchWordsKept(db: Database): Promise<boolean> {
  const [row] = await executeRows<{ kept: boolean }>(
    db,
    sql`select exists (select 1 from search_words) as kept`,
  );
  return row?.kept === true;
}

/** The sources' words merged: items added up, in a title when any source's title holds it. */
function merged(lists: readonly VocabularyWord[][]): (VocabularyWord & { stem: string })[] {
  const words = new Map<string, VocabularyWord & { stem: string }>();
  for (const list of lists) {
    for (const entry of list) {
      const known = words.get(entry.word);
      if (known) {
        known.items += entry.items;
        known.inTitle ||= entry.inTitle;
      } else words.set(entry.word, { ...entry, stem: stemOf(entry.word) });
    }
  }
  return [...words.values()];
}

async function replaceWords(db: Database, sources: readonly VocabularySource[]): Promise<void> {
  const words = merged(await Promise.all(sources.map((source) => source.vocabulary())));
  // One transaction: searches meanwhile see the old list, never an empty one. Two instances refreshing at
  // once take turns (the lock), so neither inserts into a list the other is emptying.
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${WORDS_LOCK_KEY})`);
    await tx.execute(sql`delete from search_words`);
    await tx.execute(sql`insert into search_words (word, items, in_title, stem)
select word, items, "inTitle", stem
from jsonb_to_recordset(${JSON.stringify(words)}::jsonb) as words(word text, items int, "inTitle" boolean, stem text)
on conflict do nothing`);
  });
}

/** A listed word, with how many items hold it. */
export interface ListedWord {
  word: string;
  items: number;
}

/**
 * At most `limit` listed words most similar to `word` (pg_trgm `%`, its default threshold 0.3), best first:
 * title words, and body words that more than one item holds (a word of one body may be its own typo).
 */
export async function similarWords(db: Database, word: string, limit = 8): Promise<ListedWord[]> {
  const rows = await executeRows<{ word: string; items: number | string }>(
    db,
    sql`select word, items from search_words where word % ${word} and (in_title or items > 1)
order by similarity(word, ${word}) desc, word limit ${limit}`,
  );
  return rows.map((row) => ({ word: row.word, items: Number(row.items) }));
}

/**
 * The listed words among `words` as typed, with their item counts: title words, and body words more than one
 * item holds (the candidates {@link similarWords} would give). For the corrections a trigram lookup misses:
 * a short word with two letters swapped shares too few trigrams with its right spelling ("clinet").
 */
export async function listedWords(db: Database, words: readonly string[]): Promise<ListedWord[]> {
  if (words.length === 0) return [];
  const rows = await executeRows<{ word: string; items: number | string }>(
    db,
    sql`select word, items from search_words
where word in (select jsonb_array_elements_text(${JSON.stringify(words)}::jsonb)) and (in_title or items > 1)`,
  );
  return rows.map((row) => ({ word: row.word, items: Number(row.items) }));
}

/**
 * Which of `words` the content holds, as typed or as another word of the same stem ("syncing", "sync"), each
 * with how many items hold it (the most of its forms); and how many items the content has, as many as its
 * commonest word is in (a word such as "the" is in every item).
 */
export async function knownWords(
  db: Database,
  words: readonly string[],
): Promise<{ items: Map<string, number>; total: number }> {
  const stems = words.map(stemOf);
  // One prepared statement: the words' rows (each list an array computed once, which both indexes answer: an
  // `or` of two `in (select …)` read the whole list) beside the total, which the index on `items` answers.
  const rows = await executePreparedRows<{
    word: string | null;
    stem: string | null;
    items: number | string | null;
    total: number | string | null;
  }>(
    db,
    sql`select w.word, w.stem, w.items, s.total
from (select max(items) as total from search_words) s
left join search_words w
  on w.word = any(array(select jsonb_array_elements_text(${JSON.stringify(words)}::jsonb)))
  or w.stem = any(array(select jsonb_array_elements_text(${JSON.stringify(stems)}::jsonb)))`,
  );
  const found = rows.flatMap((row) =>
    row.word === null || row.stem === null
      ? []
      : [{ word: row.word, stem: row.stem, items: Number(row.items) }],
  );
  const byWord = new Map(found.map((row) => [row.word, row.items]));
  const byStem = new Map<string, number>();
  for (const row of found) byStem.set(row.stem, Math.max(row.items, byStem.get(row.stem) ?? 0));
  const items = new Map<string, number>();
  words.forEach((word, index) => {
    const ofStem = byStem.get(stems[index] ?? '');
    const ofWord = byWord.get(word);
    if (ofWord !== undefined || ofStem !== undefined) items.set(word, Math.max(ofWord ?? 0, ofStem ?? 0));
  });
  return { items, total: Number(rows[0]?.total ?? 0) };
}

/** The key the content's item count is kept under beside the words (no word holds a NUL). */
const TOTAL_KEY = '\u0000total';

/** What {@link knownWords} answers. */
export type KnownWords = (words: readonly string[]) => Promise<{ items: Map<string, number>; total: number }>;

/**
 * `lookup` ({@link knownWords}) with each word's count (null when no item holds it) and the total kept in
 * `kept`: a query whose words were all weighed before (its own or another's) costs no statement, and one with
 * new words asks for those alone. A word's count does not depend on the words asked beside it (the most of
 * its own rows and of its stem's). `kept` is emptied after this process's content loads (which replace the
 * list); another instance's load shows here within the cache's lifetime, as the search's own pages and counts
 * do.
 */
export function keptKnownWords(lookup: KnownWords, kept: TtlCache<number | null>): KnownWords {
  return async (words) => {
    const values = await kept.getMany([TOTAL_KEY, ...words], async (missing) => {
      const asked = missing.filter((key) => key !== TOTAL_KEY);
      const found = await lookup(asked);
      return new Map<string, number | null>([
        [TOTAL_KEY, found.total],
        ...asked.map((word): [string, number | null] => [word, found.items.get(word) ?? null]),
      ]);
    });
    const items = new Map<string, number>();
    for (const word of words) {
      const count = values.get(word);
      if (count !== undefined && count !== null) items.set(word, count);
    }
    return { items, total: values.get(TOTAL_KEY) ?? 0 };
  };
}
