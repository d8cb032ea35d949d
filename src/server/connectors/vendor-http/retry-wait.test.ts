import { describe, expect, it } from 'vitest';
import { backoffMs, DEFAULT_BACKOFF, vendorWaitMs } from './retry-wait.js';

const NOW = Date.parse('2026-11-27T12:00:00Z');
const headers = (init: Record<string, string>) => new Headers(init);

describe('vendorWaitMs', () => {
  it('reads Retry-After as seconds or an HTTP date, before X-RateLimit-Reset', () => {
    expect(vendorWaitMs(headers({ 'retry-after': '30' }), NOW, undefined)).toBe(30_000);
    expect(vendorWaitMs(headers({ 'retry-after': 'Fri, 27 Nov 2026 12:00:45 GMT' }), NOW, undefined)).toBe(
      45_000,
    );
    expect(vendorWaitMs(headers({ 'retry-after': 'Fri, 27 Nov 2026 11:59:00 GMT' }), NOW, undefined)).toBe(0);
    expect(
      vendorWaitMs(
        headers({ 'retry-after': '2', 'x-ratelimit-reset': '2026-11-27T12:05Z' }),
        NOW,
        'iso-time',
      ),
    ).toBe(2000);
  });

  it("reads X-RateLimit-Reset only in the vendor's form", () => {
    const epoch = headers({ 'x-ratelimit-reset': String(NOW / 1000 + 20) });
    expect(vendorWaitMs(epoch, NOW, 'epoch-seconds')).toBe(20_000);
    expect(vendorWaitMs(epoch, NOW, 'iso-time')).toBeUndefined();
    expect(vendorWaitMs(epoch, NOW, undefined)).toBeUndefined();
    const iso = headers({ 'x-ratelimit-reset': '2026-11-27T12:01Z' });
    expect(vendorWaitMs(iso, NOW, 'iso-time')).toBe(60_000);
    expect(vendorWaitMs(iso, NOW, 'epoch-seconds')).toBeUndefined();
    expect(vendorWaitMs(headers({ 'retry-after': 'soon' }), NOW, undefined)).toBeUndefined();
  });
});

describe('backoffMs', () => {
  it('draws in a window that doubles from 250 ms up to 4 s', () => {
    expect([0, 1, 2, 3, 4, 5].map((retry) => backoffMs(retry, DEFAULT_BACKOFF, () => 0.999999))).toEqual([
      249, 499, 999, 1999, 3999, 3999,
    ]);
    expect(backoffMs(3, DEFAULT_BACKOFF, () => 0)).toBe(0);
  });
});
