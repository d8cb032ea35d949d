import { describe, expect, it } from 'vitest';
import { FUSED_DEPTH, fuseRanks, hybridPage, type HybridParts, type VectorRanking } from './hybrid-search.js';

/** A source of `items` ids whose full text matches `matches` (in rank order) and whose vectors rank `near`. */
function source(matches: readonly number[], near: readonly number[], items = 100) {
  const calls: string[] = [];
  const parts: HybridParts<{ id: number; from: string }> = {
    textTop: (size) => {
      calls.push(`top ${size}`);
      return Promise.resolve({
        count: matches.length,
        hits: matches.slice(0, size).map((id) => ({ id, from: 'text' })),
      });
    },
    textAmong: (ids) => {
      calls.push(`among ${ids.join(',')}`);
      const hits = matches.filter((id) => ids.includes(id)).map((id) => ({ id, from: 'text' }));
      return Promise.resolve({ count: hits.length, hits });
    },
    rowsOf: (ids) => {
      calls.push(`rows ${ids.join(',')}`);
      return Promise.resolve(ids.filter((id) => id <= items).map((id) => ({ id, from: 'vector' })));
    },
    idOf: (row) => row.id,
  };
  const vectors: VectorRanking = { covers: (table) => table === 't', rank: () => Promise.resolve([...near]) };
  return { parts, vectors, calls };
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

async function allPages(matches: number[], near: number[], pageSize = 10) {
  const { parts, vectors } = source(matches, near);
  const first = await hybridPage(
    parts,
    { query: 'q', page: 1, pageSize },
    { vectors, table: 't', extendFrom: 3 },
  );
  const ids: number[] = [];
  for (let page = 1; page <= Math.ceil((first?.count ?? 0) / pageSize); page += 1) {
    const result = await hybridPage(
      parts,
      { query: 'q', page, pageSize },
      { vectors, table: 't', extendFrom: 3 },
    );
    expect(result?.count).toBe(first?.count);
    ids.push(...(result?.hits ?? []).map((hit) => hit.id));
  }
  return { count: first?.count ?? 0, ids };
}

describe('reciprocal-rank fusion', () => {
  it('puts an item high in both lists above one first in only one', () => {
    expect(fuseRanks([1, 2, 3], [2, 4, 1])).toEqual([2, 1, 4, 3]);
  });

  it('ties go to the better full-text rank', () => {
    expect(fuseRanks([1, 2], [3, 4])).toEqual([1, 3, 2, 4]);
  });
});

describe('a fused search page', () => {
  it('pages continue one another and the count includes the items the vectors added', async () => {
    // 25 full-text matches; the vectors bring 3 new items (90, 91, 92), one match from further down (20),
    // and two of the first ten.
    const matches = range(1, 25);
    const { count, ids } = await allPages(matches, [90, 20, 3, 91, 1, 92]);
    expect(count).toBe(25 + 3);
    expect(ids).toHaveLength(count);
    expect(new Set(ids).size).toBe(count);
    expect(ids.slice(0, 3)).toEqual([1, 3, 90]);
    // After the fused first lists, the rest of the full-text ranking in its order, without what was shown.
    expect(ids.slice(-5)).toEqual([21, 22, 23, 24, 25]);
    expect(ids.indexOf(20)).toBeLessThan(FUSED_DEPTH);
  });

  it('a query the full text finds nothing for finds nothing, whatever the vectors hold', async () => {
    const { parts, vectors, calls } = source([], [1, 2, 3]);
    expect(
      await hybridPage(parts, { query: 'q', page: 1, pageSize: 10 }, { vectors, table: 't', extendFrom: 3 }),
    ).toEqual({ count: 0, hits: [] });
    expect(calls).toEqual(['top 10']);
  });

  it('a full match smaller than the fallbacks look at stays full-text only', async () => {
    const { parts, vectors } = source([7, 8], [1, 2, 3]);
    const page = await hybridPage(
      parts,
      { query: 'q', page: 1, pageSize: 10 },
      { vectors, table: 't', extendFrom: 3 },
    );
    expect(page).toEqual({
      count: 2,
      hits: [
        { id: 7, from: 'text' },
        { id: 8, from: 'text' },
      ],
    });
    // The partial match (the last fallback) is extended.
    const partial = await hybridPage(
      parts,
      { query: 'q', page: 1, pageSize: 10, match: 'any' },
      { vectors, table: 't', extendFrom: 3 },
    );
    expect(partial?.count).toBe(5);
  });

  it('a table without vectors in use (not ready yet, or tickets): the plain full-text search answers', async () => {
    const { parts, calls } = source(range(1, 5), [9]);
    const vectors: VectorRanking = { covers: () => false, rank: () => Promise.resolve([9]) };
    expect(
      await hybridPage(parts, { query: 'q', page: 1, pageSize: 10 }, { vectors, table: 't', extendFrom: 3 }),
    ).toBeNull();
    expect(calls).toEqual([]);
  });

  it('items the filter does not admit are left out', async () => {
    const { count, ids } = await allPages(range(1, 4), [150, 2, 60]);
    expect(ids).not.toContain(150);
    expect(count).toBe(5);
    expect(ids).toHaveLength(5);
  });
});
