import { EMPTY_VOCABULARY } from '../../support/empty-vocabulary.js';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import type { SourceKey } from '../../../src/common/contracts/search.js';
import { SearchService } from '../../../src/server/services/search/federated-search.js';
import type { SearchSource, SearchSources, Searcher } from '../../../src/server/services/search/types.js';

/**
 * What the search service tells the metrics per source call (`onSourceSettled`): the outcome and the time
 * taken, and `skipped` once a failing source's breaker is open and the source is not asked at all.
 */

const answers: SearchSource<never> = { search: async () => ({ count: 1, hits: [] }) };
const fails: SearchSource<never> = {
  search: async () => {
    throw new Error('the vendor is down');
  },
};
const hangs: SearchSource<never> = { search: () => new Promise(() => {}) };

const agent: Searcher = {
  actor: { role: 'agent', userType: 'agent', allowDownload: false },
  userId: 'agent-1',
  email: 'agent@example.com',
};

describe('onSourceSettled', () => {
  it('reports ok, error, timeout with their durations, then skipped while the breaker is open', async () => {
    const settled: { source: SourceKey; status: string; seconds: number }[] = [];
    const service = new SearchService({
      sources: { zendesk: answers, git: fails, forumbee: hangs } as unknown as SearchSources,
      categorySource: () => answers,
      clearCaches: () => {},
      vocabulary: EMPTY_VOCABULARY,
      timeoutMs: 50,
      breaker: { failureThreshold: 1, cooldownMs: 60_000 },
      log: pino({ level: 'silent' }),
      onSourceSettled: (source, status, seconds) => settled.push({ source, status, seconds }),
    });

    await service.suggestTitles(agent, { query: 'controller', limit: 5 });
    const first = Object.fromEntries(settled.map((call) => [call.source, call]));
    expect(first.zendesk?.status).toBe('ok');
    expect(first.git?.status).toBe('error');
    expect(first.forumbee?.status).toBe('timeout');
    expect(first.forumbee?.seconds).toBeGreaterThanOrEqual(0.045);

    settled.length = 0;
    await service.suggestTitles(agent, { query: 'controller', limit: 5 });
    const second = Object.fromEntries(settled.map((call) => [call.source, call]));
    expect(second.zendesk?.status).toBe('ok');
    expect(second.git).toEqual({ source: 'git', status: 'skipped', seconds: 0 });
    expect(second.forumbee).toEqual({ source: 'forumbee', status: 'skipped', seconds: 0 });
  });
});
