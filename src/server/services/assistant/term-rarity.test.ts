import { describe, expect, it } from 'vitest';
import { keepTermRarity, type TermRarity } from './term-rarity';

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
