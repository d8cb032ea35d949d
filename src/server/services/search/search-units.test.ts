import { describe, expect, it } from 'vitest';
import { ServiceError } from '../../lib/errors.js';
import { CircuitBreaker } from './circuit-breaker.js';
import { isSourceFailure, retryAfterMsOf } from './source-failure.js';
import { TtlCache } from '../../lib/ttl-cache.js';
import { synonymIndex } from '../../lib/fulltext/query-terms.js';
import { editDistance, oneEditAway, readQuery, trigramSimilarity, type Vocabulary } from './suggest.js';

describe('CircuitBreaker', () => {
  it('opens after N consecutive failures, half-opens after the cool-down with one trial', () => {
    let now = 0;
    const breaker = new CircuitBreaker({ failureThreshold: 3, cooldownMs: 1000, now: () => now });
    breaker.onFailure();
    breaker.onFailure();
    breaker.onSuccess();
    breaker.onFailure();
    breaker.onFailure();
    expect(breaker.state).toBe('closed');
    breaker.onFailure();
    expect(breaker.state).toBe('open');
    expect(breaker.tryAcquire()).toBe(false);
    now = 1000;
    expect(breaker.state).toBe('half-open');
    expect(breaker.tryAcquire()).toBe(true);
    expect(breaker.tryAcquire()).toBe(false);
    breaker.onFailure();
    expect(breaker.state).toBe('open');
    now = 2000;
    expect(breaker.tryAcquire()).toBe(true);
    breaker.onSuccess();
    expect(breaker.state).toBe('closed');
  });
});

describe('CircuitBreaker after a rate limit', () => {
  it('stays open until the longest wait a counted failure asked for, then forgets it on success', () => {
    let now = 0;
    const breaker = new CircuitBreaker({ failureThreshold: 2, cooldownMs: 1000, now: () => now });
    breaker.onFailure(30_000);
    now = 10_000;
    breaker.onFailure(5_000);
    expect(breaker.state).toBe('open');
    now = 29_999;
    expect(breaker.tryAcquire()).toBe(false);
    now = 30_000;
    expect(breaker.tryAcquire()).toBe(true);
    breaker.onSuccess();
    breaker.onFailure();
    breaker.onFailure();
    now = 31_000;
    expect(breaker.state).toBe('half-open');
  });
});

describe('isSourceFailure', () => {
  it("counts a vendor's rate limit and unavailability, not a refused query", () => {
    const limited = new ServiceError('UNAVAILABLE', 'jira answered 429', { retryAfterMs: 30_000 });
    expect(isSourceFailure(limited)).toBe(true);
    expect(retryAfterMsOf(limited)).toBe(30_000);
    expect(isSourceFailure(new ServiceError('RATE_LIMITED', 'vendor quota'))).toBe(true);
    expect(
      isSourceFailure(Object.assign(new Error('Too Many Requests'), { status: 429, retryAfterMs: 2000 })),
    ).toBe(true);
    expect(retryAfterMsOf(Object.assign(new Error('Too Many Requests'), { retryAfterMs: 2000 }))).toBe(2000);
    expect(isSourceFailure(new ServiceError('INVALID_INPUT', 'bad JQL'))).toBe(false);
    expect(isSourceFailure(Object.assign(new Error('Bad Request'), { statusCode: 400 }))).toBe(false);
    expect(retryAfterMsOf(new ServiceError('UNAVAILABLE', 'down'))).toBeUndefined();
  });
});

describe('TtlCache', () => {
  it('reuses a value until it expires, and clears', async () => {
    let now = 0;
    let computed = 0;
    const cache = new TtlCache<number>(100, 2, () => now);
    const compute = async () => ++computed;
    expect(await cache.get('a', compute)).toBe(1);
    expect(await cache.get('a', compute)).toBe(1);
    now = 100;
    expect(await cache.get('a', compute)).toBe(2);
    cache.clear();
    expect(await cache.get('a', compute)).toBe(3);
  });

  it('drops expired entries as new ones come, long before its bound (a new query every time)', async () => {
    let now = 0;
    const cache = new TtlCache<string>(1000, 10_000, () => now);
    for (let query = 0; query < 100; query += 1) {
      now = query;
      await cache.get(`query ${query}`, async () => 'a result page');
    }
    expect(cache.size).toBe(100);
    // Past the first 50 entries' time: a new query keeps the last 50 and itself.
    now = 1049;
    await cache.get('one more', async () => 'a result page');
    expect(cache.size).toBe(51);
    // A hit drops the expired too, so a burst of queries is not kept once the queries stop being new.
    now = 1200;
    expect(await cache.get('one more', async () => 'computed again')).toBe('a result page');
    expect(cache.size).toBe(1);
  });
});

describe('TtlCache under concurrency', () => {
  it('shares one computation among concurrent misses and keeps no failure', async () => {
    const cache = new TtlCache<number>(1000);
    let computed = 0;
    let release = (_value: number) => {};
    const slow = () =>
      new Promise<number>((resolve) => {
        computed += 1;
        release = resolve;
      });
    const waiting = [cache.get('q', slow), cache.get('q', slow), cache.get('q', slow)];
    release(7);
    expect(await Promise.all(waiting)).toEqual([7, 7, 7]);
    expect(computed).toBe(1);

    await expect(cache.get('bad', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('bad', async () => 8)).toBe(8);
  });

  it('does not keep a value computed before a clear', async () => {
    const cache = new TtlCache<string>(1000);
    let release = (_value: string) => {};
    const before = cache.get('q', () => new Promise<string>((resolve) => (release = resolve)));
    cache.clear();
    release('old content');
    expect(await before).toBe('old content');
    expect(await cache.get('q', async () => 'new content')).toBe('new content');
  });

  it('evicts the oldest entry beyond its bound', async () => {
    const cache = new TtlCache<number>(1000, 2);
    await cache.get('a', async () => 1);
    await cache.get('b', async () => 2);
    await cache.get('c', async () => 3);
    expect(await cache.get('a', async () => 10)).toBe(10);
    expect(await cache.get('c', async () => 30)).toBe(3);
  });
});

/**
 * A vocabulary of these words and item counts (every word listed, the content as many items as its commonest
 * word is in), candidates by trigram similarity as pg_trgm `%` picks them; these everyday words and synonyms.
 */
function vocabularyOf(
  words: Record<string, number>,
  extra: { everyday?: string[]; synonyms?: string[][] } = {},
): Vocabulary {
  return {
    similar: async (word) =>
      Object.entries(words)
        .filter(([listed]) => trigramSimilarity(word, listed) >= 0.3)
        .map(([listed, items]) => ({ word: listed, items })),
    listed: async (asked) =>
      asked.filter((word) => word in words).map((word) => ({ word, items: words[word] ?? 0 })),
    known: async (asked) => ({
      items: new Map(asked.filter((word) => word in words).map((word) => [word, words[word] ?? 0])),
      total: Math.max(...Object.values(words)),
    }),
    everyday: async () => new Set(extra.everyday ?? []),
    synonyms: synonymIndex(extra.synonyms ?? []),
  };
}

describe('readQuery', () => {
  const words = {
    transit: 5,
    gateway: 9,
    gateways: 4,
    exceeded: 3,
    inter: 1,
    large: 6,
    send: 2,
    attachments: 2,
    client: 4,
    vpn: 5,
    upgrade: 8,
    dry: 2,
    run: 6,
    kvm: 2,
    the: 20,
  };
  const vocabulary = vocabularyOf(words, { everyday: ['overnight', 'much'], synonyms: [['kvm', 'qemu']] });

  it('corrects a word no item holds into the commonest listed word a typo away', async () => {
    expect(await readQuery('trnasit gatway', vocabulary)).toEqual({
      suggestion: 'transit gateway',
      foreign: false,
    });
    expect(await readQuery('transit gateway', vocabulary)).toEqual({ foreign: false });
    // Two letters swapped in a short word: too few shared trigrams for the lookup, one edit all the same.
    expect(await readQuery('vpn clinet', vocabulary)).toEqual({ suggestion: 'vpn client', foreign: false });
  });

  it('never turns a word into one further than a typo, or with another first letter', async () => {
    // "excel" is four edits from "exceeded", "printer" opens with another letter than "inter".
    expect(await readQuery('excel gateway', vocabulary)).toEqual({ foreign: true });
    expect(await readQuery('printer transit gateway', vocabulary)).toEqual({ foreign: true });
  });

  it('takes a query whose foreign words carry a fifth of its weight or more for off-topic', async () => {
    expect(await readQuery('zzzz', vocabulary)).toEqual({ foreign: true });
    // One foreign name among four words of the content: the name is what the question is about.
    expect(await readQuery('gmail attachments too large to send', vocabulary)).toEqual({ foreign: true });
    expect(await readQuery('how do i sync my gmail calendar', vocabulary)).toEqual({ foreign: true });
    // Stop words and identifiers do not count.
    expect(await readQuery('how do i', vocabulary)).toEqual({ foreign: false });
    expect(await readQuery('8.1 gateway', vocabulary)).toEqual({ foreign: false });
  });

  it('does not count everyday words the content lacks, nor a word whose synonym it holds, as foreign', async () => {
    expect(await readQuery('gateway down overnight', vocabulary)).toEqual({ foreign: false });
    expect(await readQuery('transit gateway on qemu', vocabulary)).toEqual({ foreign: false });
  });

  it('respells two words run together, but keeps the word foreign', async () => {
    expect(await readQuery('upgrade dryrun', vocabulary)).toEqual({
      suggestion: 'upgrade dry run',
      foreign: true,
    });
  });

  it('lists the spellings one edit away that keep the first letter', () => {
    const variants = oneEditAway('clinet');
    expect(variants).toContain('client');
    expect(variants).toContain('clint');
    expect(variants).toContain('clinets');
    expect(variants.every((variant) => variant.startsWith('c'))).toBe(true);
    expect(variants).not.toContain('clinet');
  });

  it('counts a swap of two letters as one edit', () => {
    expect(editDistance('clinet', 'client')).toBe(1);
    expect(editDistance('excel', 'exceeded')).toBe(4);
    expect(editDistance('', 'abc')).toBe(3);
  });

  it('measures like pg_trgm similarity', () => {
    expect(trigramSimilarity('word', 'word')).toBe(1);
    expect(trigramSimilarity('abc', 'xyz')).toBe(0);
  });
});
