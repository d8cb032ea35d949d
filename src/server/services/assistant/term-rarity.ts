import { sql } from 'drizzle-orm';
import { executeRows, type Database } from '../../db/client.js';

/**
 * How many items of the help content (knowledge base, documentation, community) hold each word stem, read from
 * their full-text columns with PostgreSQL's `ts_stat` (the same Porter2 stems the assistant compares with). The
 * assistant weighs a question's words by it: a word few items hold says what the question is about ("euros",
 * "multicast"); one most items hold ("gateway", "controller") says little.
 */
export interface TermRarity {
  /** Items in the help content. */
  items: number;
  /** Items holding this stem (0 for a stem the content never uses). */
  itemsWith(stem: string): number;
}

const STATS = sql`
  SELECT word, sum(ndoc)::int AS items FROM (
    SELECT word, ndoc FROM ts_stat('SELECT search FROM kb_articles')
    UNION ALL SELECT word, ndoc FROM ts_stat('SELECT search FROM docs_pages')
    UNION ALL SELECT word, ndoc FROM ts_stat('SELECT search FROM community_posts')
  ) AS stats GROUP BY word`;

const COUNT = sql`
  SELECT (SELECT count(*) FROM kb_articles) + (SELECT count(*) FROM docs_pages)
    + (SELECT count(*) FROM community_posts) AS items`;

export async function readTermRarity(db: Database): Promise<TermRarity> {
  const [stats, count] = await Promise.all([
    executeRows<{ word: string; items: number }>(db, STATS),
    executeRows<{ items: number | string }>(db, COUNT),
  ]);
  const itemsWith = new Map(stats.map((row) => [row.word, Number(row.items)]));
  return { items: Number(count[0]?.items ?? 0), itemsWith: (stem) => itemsWith.get(stem) ?? 0 };
}

export interface KeptTermRarity {
  /** The rarity of the current content, read once and kept. */
  get(): Promise<TermRarity>;
  /** The content was loaded again: the next `get` reads anew. */
  forget(): void;
}

/**
 * The rarity read once per content load (it changes only then), not per question nor per cache period: on a
 * large knowledge base `ts_stat` reads every item's vector. A failed read is not kept.
 */
export function keepTermRarity(read: () => Promise<TermRarity>): KeptTermRarity {
  let kept: Promise<TermRarity> | null = null;
  return {
    get: () => {
      if (kept) return kept;
      const reading = read();
      kept = reading;
      reading.catch(() => {
        if (kept === reading) kept = null;
      });
      return reading;
    },
    forget: () => {
      kept = null;
    },
  };
}
