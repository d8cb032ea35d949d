import { describe, expect, it } from 'vitest';
import { keepTermRarity, readTermRarity, type TermRarity } from './term-rarity';

const rarity = (items: number): TermRarity => ({ items, itemsWith: () => 0 });

describe('the kept term rarity', () => {
  it('is read once until the content is loaded again', async () => {
    let reads = 0;
    const kept = keepTermRarity(async () => rarity(++reads));
    const [first, second] = await Promise.all([kept.get(), kept.get()]);
    expect(first.items).toBe(1);
    expect(second).toBe(first);
    expect((await kept.get()).items).toBe(1);
    kept.forget();
    expect((await kept.get()).items).toBe(2);
    expect(reads).toBe(2);
  });

  it('keeps no failed read', async () => {
    let reads = 0;
    const kept = keepTermRarity(async () => {
      reads += 1;
      if (reads === 1) throw new Error('the database did not answer');
      return rarity(7);
    });
    await expect(kept.get()).rejects.toThrow('did not answer');
    expect((await kept.get()).items).toBe(7);
  });
});

describe('readTermRarity', () => {
  it("adds up the sources' items and each stem's items", async () => {
    const rarity = await readTermRarity([
      { termStats: async () => ({ items: 3, stems: [{ word: 'gateway', items: 2 }] }) },
      {
        termStats: async () => ({
          items: 4,
          stems: [
            { word: 'gateway', items: 1 },
            { word: 'euro', items: 1 },
          ],
        }),
      },
    ]);
    expect(rarity.items).toBe(7);
    expect(rarity.itemsWith('gateway')).toBe(3);
    expect(rarity.itemsWith('euro')).toBe(1);
    expect(rarity.itemsWith('multicast')).toBe(0);
  });
});
