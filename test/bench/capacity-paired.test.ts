import { describe, expect, it } from 'vitest';
import { memoryVerdict, pairedFigures, verdict, type Slice } from '../../bench/capacity/paired.mjs';

const slice = (requests: number, seconds: number, p50 = 1, p99 = 5): Slice => ({
  requests,
  seconds,
  p50,
  p99,
  non2xx: 0,
  errors: 0,
});

describe('the capacity bench share', () => {
  it('is the route total over its seconds against the hello world total over its seconds', () => {
    // Unequal slices: an average of the slices' rates would say 0.375, not the requests over the seconds.
    const figures = pairedFigures(
      [slice(10_000, 1), slice(30_000, 3)],
      [slice(1_000, 1, 2, 9), { ...slice(5_000, 3, 3, 7), non2xx: 2, errors: 1 }],
    );
    expect(figures.helloRps).toBe(10_000);
    expect(figures.rps).toBe(1_500);
    expect(figures.share).toBeCloseTo(0.15);
    expect(figures.p50).toBe(3);
    expect(figures.p99).toBe(9);
    expect(figures.non2xx).toBe(2);
    expect(figures.errors).toBe(1);
  });

  it('judges a route against its share and p99 targets, and a route without targets not at all', () => {
    expect(verdict('/', { share: 0.31, p99: 20 })).toBe('met');
    expect(verdict('/', { share: 0.29, p99: 21 })).toBe('missed (share < 30.0 %, p99 > 20 ms)');
    expect(verdict('me', { share: 0.1, p99: 500 })).toBe('met');
    expect(verdict('search', { share: 0.01, p99: 900 })).toBe('');
  });
});

describe('the capacity bench memory verdict', () => {
  it('takes the last sample against the target and the growth over the last round', () => {
    expect(memoryVerdict([180, 200, 204], 250)).toEqual({ met: true, growthMb: 4 });
    expect(memoryVerdict([180, 251], 250)).toEqual({ met: false, growthMb: null });
  });
});
