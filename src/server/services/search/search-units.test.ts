import { describe, expect, it } from 'vitest';
import { CircuitBreaker } from './circuit-breaker.js';
import { CountCache } from './count-cache.js';
import { suggestSpelling, trigramSimilarity } from './suggest.js';

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

describe('CountCache', () => {
  it('reuses a count until it expires, and clears', async () => {
    let now = 0;
    let computed = 0;
    const cache = new CountCache(100, 2, () => now);
    const compute = async () => ++computed;
    expect(await cache.get('a', compute)).toBe(1);
    expect(await cache.get('a', compute)).toBe(1);
    now = 100;
    expect(await cache.get('a', compute)).toBe(2);
    cache.clear();
    expect(await cache.get('a', compute)).toBe(3);
  });
});

describe('suggestSpelling', () => {
  it('replaces misspelled words with the most similar title word', async () => {
    const titles = async () => ['Deploying a transit gateway', 'Firewall insertion'];
    expect(await suggestSpelling('trnasit gatway', titles)).toBe('transit gateway');
    expect(await suggestSpelling('transit gateway', titles)).toBeUndefined();
    expect(await suggestSpelling('zzzz', titles)).toBeUndefined();
  });

  it('measures like pg_trgm similarity', () => {
    expect(trigramSimilarity('word', 'word')).toBe(1);
    expect(trigramSimilarity('abc', 'xyz')).toBe(0);
  });
});
