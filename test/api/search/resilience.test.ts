import { describe, expect, it, vi } from 'vitest';
import { ServiceError } from '../../../src/server/lib/errors.js';
import type { DocsHit, SearchSource } from '../../../src/server/services/search/types.js';
import { anonymous, getPage, search } from '../../support/search.js';
import { useTestApp } from '../../support/use-test-app.js';

const TIMEOUT_MS = 400;

/** A documentation source that never answers (until its signal aborts), counting its calls. */
function hangingSource(): SearchSource<DocsHit> & { calls: number; aborted: number } {
  const source = {
    calls: 0,
    aborted: 0,
    search: ({ signal }: { signal: AbortSignal }) => {
      source.calls += 1;
      return new Promise<never>(() => {
        signal.addEventListener('abort', () => {
          source.aborted += 1;
        });
      });
    },
  };
  return source;
}

describe('a source that hangs', () => {
  const docs = hangingSource();
  const t = useTestApp({
    env: {
      SEARCH_SOURCE_TIMEOUT_MS: String(TIMEOUT_MS),
      SEARCH_BREAKER_FAILURES: '2',
      SEARCH_BREAKER_COOLDOWN_MS: '600000',
    },
    searchSources: { git: docs },
  });

  it('is reported as timeout while the others answer within the timeout', async () => {
    const started = performance.now();
    const body = await search(anonymous(t.app), 'transit gateway');
    const elapsed = performance.now() - started;
    expect(body.status).toEqual({ zendesk: 'ok', git: 'timeout', forumbee: 'ok' });
    expect(body.git).toEqual({ results: [], count: 0 });
    expect(body.zendesk?.count).toBeGreaterThan(0);
    expect(body.forumbee?.paging.count).toBeGreaterThan(0);
    expect(elapsed).toBeGreaterThanOrEqual(TIMEOUT_MS - 20);
    expect(elapsed).toBeLessThan(TIMEOUT_MS + 1500);
    expect(docs.aborted).toBe(1);
    // Nothing matched elsewhere, but a failed source means "maybe": no suggestion is made.
    expect((await search(anonymous(t.app), 'trnasit gatway')).didYouMean).toBeUndefined();
  });

  it('opens its circuit breaker: after 2 failures it is skipped at once, reported as error', async () => {
    expect(t.app.searches.service.breakerState('git')).toBe('open');
    const callsBefore = docs.calls;
    const started = performance.now();
    const body = await search(anonymous(t.app), 'transit gateway');
    expect(performance.now() - started).toBeLessThan(TIMEOUT_MS);
    expect(body.status).toEqual({ zendesk: 'ok', git: 'error', forumbee: 'ok' });
    expect(docs.calls).toBe(callsBefore);
  });

  it('its paged call answers 503 with a JSON error', async () => {
    const res = await getPage(anonymous(t.app), '/api/git/searchGit', 'transit');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ error: 'Service Unavailable', message: expect.any(String) });
  });
});

describe('a failing source and the half-open breaker', () => {
  let failing = true;
  /** The match mode of each call that reached the source. */
  const calls: string[] = [];
  const t = useTestApp({
    // A cool-down long enough that a search on a loaded machine cannot outlast it between two checks.
    env: { SEARCH_BREAKER_FAILURES: '1', SEARCH_BREAKER_COOLDOWN_MS: '2000' },
    searchSources: {
      forumbee: {
        search: async ({ match }) => {
          calls.push(match);
          if (failing) throw new Error('community is down');
          return {
            count: 1,
            hits: [
              {
                id: 7,
                title: 'Back',
                url: 'https://x.example/t/back',
                snippet: 'ok',
                createdAt: new Date('2025-03-04T05:06:07Z'),
              },
            ],
          };
        },
      },
    },
  });

  it('reports error, skips the source while open, tries once after the cool-down and closes on success', async () => {
    const visitor = anonymous(t.app);
    expect((await search(visitor, 'gateway')).status.forumbee).toBe('error');
    expect(t.app.searches.service.breakerState('forumbee')).toBe('open');
    expect((await search(visitor, 'gateway')).status.forumbee).toBe('error');
    expect(calls).toEqual(['all']);
    // The cool-down is 2 s of real time; wait for it as a condition, not a sleep.
    await vi.waitFor(() => expect(t.app.searches.service.breakerState('forumbee')).toBe('half-open'), {
      timeout: 10_000,
      interval: 50,
    });
    failing = false;
    const body = await search(visitor, 'gateway');
    expect(body.status.forumbee).toBe('ok');
    expect(body.forumbee).toEqual({
      data: [
        {
          id: 7,
          title: 'Back',
          url: 'https://x.example/t/back',
          text: 'ok',
          created_at: '2025-03-04T05:06:07.000Z',
        },
      ],
      paging: { count: 1 },
    });
    expect(t.app.searches.service.breakerState('forumbee')).toBe('closed');
    // One call while it failed (a failure is no reason to try the fallbacks), then one after the cool-down;
    // it found little (one hit), so the partial match follows.
    expect(calls).toEqual(['all', 'all', 'any']);
  });
});

describe('a source that refuses the query', () => {
  const refusals: unknown[] = [
    new ServiceError('INVALID_INPUT', 'query too long for this source'),
    Object.assign(new Error('vendor said 422'), { statusCode: 422 }),
    Object.assign(new Error('vendor said 400'), { status: 400 }),
    Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' }),
  ];
  let next: unknown;
  const t = useTestApp({
    env: { SEARCH_BREAKER_FAILURES: '2', SEARCH_BREAKER_COOLDOWN_MS: '600000' },
    searchSources: {
      forumbee: {
        search: async () => {
          throw next;
        },
      },
    },
  });

  it('is reported as error but never opens its breaker; a server error does', async () => {
    const visitor = anonymous(t.app);
    for (const refusal of [...refusals, ...refusals]) {
      next = refusal;
      expect((await search(visitor, 'gateway')).status.forumbee).toBe('error');
      expect(t.app.searches.service.breakerState('forumbee')).toBe('closed');
    }
    next = Object.assign(new Error('vendor said 502'), { statusCode: 502 });
    await search(visitor, 'gateway');
    await search(visitor, 'gateway');
    expect(t.app.searches.service.breakerState('forumbee')).toBe('open');
  });
});
