import type { TermStats } from '../../connectors/search-types.js';

/**
 * How many items of the help content (knowledge base, documentation, community) hold each word stem, as their
 * connectors count them (`termStats`: the same Porter2 stems the assistant compares with). The
 * assistant weighs a question's words by it: a word few items hold says what the question is about ("euros",
 * "multicast"); one most items hold ("gateway", "controller") says little.
 */
export interface TermRarity {
  /** Items in the help content. */
  items: number;
  /** Items holding this stem (0 for a stem the content never uses). */
  itemsWith(stem: string): number;
}

/** Adds up the stems of the help content's sources (the knowledge base, documentation, community connectors). */
export async function readTermRarity(
  sources: readonly { termStats(): Promise<TermStats> }[],
): Promise<TermRarity> {
  const all = await Promise.all(sources.map((source) => source.termStats()));
  const itemsWith = new Map<string, number>();
  for (const { stems } of all) {
    for (const { word, items } of stems) itemsWith.set(word, (itemsWith.get(word) ?? 0) + items);
  }
  const items = all.reduce((sum, stats) => sum + stats.items, 0);
  return { items, itemsWith: (stem) => itemsWith.get(stem) ?? 0 };
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
