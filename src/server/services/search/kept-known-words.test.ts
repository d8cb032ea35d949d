import { describe, expect, it } from 'vitest';
import { TtlCache } from '../../lib/ttl-cache.js';
import { keptKnownWords, type KnownWords } from './search-words.js';

/** A word list of two words and a total of 40, recording what each lookup asked for. */
function listOf(asked: string[][]): KnownWords {
  const counts = new Map([
    ['gateway', 30],
    ['tunnel', 4],
  ]);
  return (words) => {
    asked.push([...words]);
    const items = new Map(
      words.flatMap((word): [string, number][] => {
        const count = counts.get(word);
        return count === undefined ? [] : [[word, count]];
      }),
    );
    return Promise.resolve({ items, total: 40 });
  };
}

describe('the word reading kept in the process', () => {
  it('asks the list only for the words not weighed before, absent ones included', async () => {
    const asked: string[][] = [];
    const known = keptKnownWords(listOf(asked), new TtlCache<number | null>(30_000));
    const first = await known(['gateway', 'wombat']);
    expect(first).toEqual({ items: new Map([['gateway', 30]]), total: 40 });
    const second = await known(['wombat', 'gateway']);
    expect(second).toEqual(first);
    const third = await known(['tunnel', 'gateway']);
    expect(third).toEqual({
      items: new Map([
        ['gateway', 30],
        ['tunnel', 4],
      ]),
      total: 40,
    });
    expect(asked).toEqual([['gateway', 'wombat'], ['tunnel']]);
  });

  it('reads the list again after the cache is cleared (a content load), and every time with no cache', async () => {
    const asked: string[][] = [];
    const kept = new TtlCache<number | null>(30_000);
    const known = keptKnownWords(listOf(asked), kept);
    await known(['gateway']);
    kept.clear();
    await known(['gateway']);
    const uncached = keptKnownWords(listOf(asked), new TtlCache<number | null>(0));
    await uncached(['gateway']);
    await uncached(['gateway']);
    expect(asked).toEqual([['gateway'], ['gateway'], ['gateway'], ['gateway']]);
  });

  it('does not keep what was read before a clear that came while it was read', async () => {
    const asked: string[][] = [];
    const kept = new TtlCache<number | null>(30_000);
    const lookup = listOf(asked);
    const known = keptKnownWords(async (words) => {
      const found = await lookup(words);
      kept.clear();
      return found;
    }, kept);
    expect((await known(['gateway'])).items.get('gateway')).toBe(30);
    await known(['gateway']);
    expect(asked).toEqual([['gateway'], ['gateway']]);
  });
});
