import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import type { SourceKey } from '../../../common/contracts/search.js';
import { NO_SYNONYMS } from '../../lib/fulltext/query-terms.js';
import { SearchService } from './federated-search.js';
import type { MatchMode, SearchSource, SearchSources, Searcher } from './types.js';

/**
 * The fallbacks' orchestration and what it costs: each source takes its own fallbacks, a source that finds
 * enough as typed is asked once, and the corrected spelling is worked out once per query.
 */

const TYPED = 'ipsec tunel flaping';
const CORRECTED = 'ipsec tunnel flapping';

interface Call {
  query: string;
  match: MatchMode;
  page: number;
}

/** A source whose count depends on the attempt (`counts[query][match]`, 0 when not listed), recording calls. */
function fakeSource(counts: Record<string, Partial<Record<MatchMode, number>>>) {
  const calls: Call[] = [];
  const source: SearchSource<never> = {
    search: async ({ query, match, page }) => {
      calls.push({ query, match, page });
      return { count: counts[query]?.[match] ?? 0, hits: [] };
    },
  };
  return { source, calls };
}

function failingSource() {
  const calls: Call[] = [];
  const source: SearchSource<never> = {
    search: async ({ query, match, page }) => {
      calls.push({ query, match, page });
      throw new Error('the help desk is down');
    },
  };
  return { source, calls };
}

function setup(replaced: { forumbee?: ReturnType<typeof fakeSource> } = {}) {
  const fakes = {
    // Finds enough with the words as typed.
    zendesk: fakeSource({ [TYPED]: { all: 5, any: 9 } }),
    // Nothing as typed, more with the corrected spelling, more still with its partial match.
    git: fakeSource({ [CORRECTED]: { all: 2, any: 6 } }),
    // Nothing either way.
    forumbee: fakeSource({}),
    // Down.
    zendeskRequests: failingSource(),
    // Enough with the corrected spelling.
    zendeskTickets: fakeSource({ [CORRECTED]: { all: 4 } }),
    // Only the partial match of the words as typed finds something.
    jiraIssues: fakeSource({ [TYPED]: { any: 2 } }),
    ...replaced,
  };
  const similarWordCalls: string[] = [];
  const service = new SearchService({
    sources: Object.fromEntries(
      Object.entries(fakes).map(([key, fake]) => [key, fake.source]),
    ) as unknown as SearchSources,
    categorySource: () => fakes.zendesk.source,
    clearCaches: () => {},
    vocabulary: {
      similar: async (word: string) => {
        similarWordCalls.push(word);
        return word === 'tunel' ? [{ word: 'tunnel', items: 3 }] : [{ word: 'flapping', items: 2 }];
      },
      listed: async (words: readonly string[]) =>
        words
          .filter((word) => word === 'ipsec' || word === 'dry' || word === 'run')
          .map((word) => ({ word, items: 2 })),
      known: async (words: readonly string[]) => ({
        items: new Map(words.filter((word) => word === 'ipsec').map((word) => [word, 3])),
        total: 10,
      }),
      everyday: async () => new Set<string>(),
      synonyms: NO_SYNONYMS,
    },
    timeoutMs: 2000,
    breaker: { failureThreshold: 5, cooldownMs: 1000 },
    log: pino({ level: 'silent' }),
  });
  return { fakes, service, similarWordCalls };
}

const agent: Searcher = {
  actor: { role: 'agent', userType: 'agent', allowDownload: false },
  userId: 'agent-1',
  email: 'agent@example.com',
};

const attempts = (calls: Call[]) => calls.map((call) => `${call.match} ${call.query}`);

describe('fallbacks per source', () => {
  it('each source takes its own; one that finds enough as typed is asked once; the spelling is worked out once', async () => {
    const { fakes, service, similarWordCalls } = setup();
    const result = await service.searchAll(agent, { query: TYPED });

    expect(attempts(fakes.zendesk.calls)).toEqual([`all ${TYPED}`]);
    expect(attempts(fakes.git.calls)).toEqual([`all ${TYPED}`, `all ${CORRECTED}`, `any ${CORRECTED}`]);
    expect(attempts(fakes.zendeskTickets.calls)).toEqual([`all ${TYPED}`, `all ${CORRECTED}`]);
    expect(attempts(fakes.jiraIssues.calls)).toEqual([
      `all ${TYPED}`,
      `all ${CORRECTED}`,
      `any ${CORRECTED}`,
      `any ${TYPED}`,
    ]);
    expect(fakes.zendeskRequests.calls).toEqual([]);
    // Four sources needed the corrected spelling: its three words were looked up once each.
    expect(similarWordCalls.toSorted()).toEqual(['flaping', 'tunel']);

    expect(result.counts).toEqual({ zendesk: 5, git: 6, forumbee: 0, zendeskTickets: 4, jiraIssues: 2 });
    expect(result.fallbacks).toEqual({
      git: { showingResultsFor: CORRECTED, partial: true },
      zendeskTickets: { showingResultsFor: CORRECTED },
      jiraIssues: { partial: true },
    });
    expect(result.didYouMean).toBeUndefined();
  });

  it("a later page of a source takes its first page's attempt", async () => {
    const { fakes, service } = setup();
    for (const key of ['zendesk', 'git', 'zendeskTickets', 'jiraIssues'] as const satisfies SourceKey[]) {
      const first = await service.searchAll(agent, { query: TYPED, filter: [key] });
      const firstAttempt = fakes[key].calls.at(-1);
      const second = await service.searchOne(agent, key, { query: TYPED, page: 2 });
      expect(second.count, key).toBe(first.counts[key]);
      expect(fakes[key].calls.at(-1), key).toEqual({ ...firstAttempt, page: 2 });
    }
  });

  it('the words as typed ("Search instead for"): no spelling tried, the partial match still tried', async () => {
    const { fakes, service } = setup();
    const result = await service.searchAll(agent, { query: TYPED, exact: true });
    expect(attempts(fakes.jiraIssues.calls)).toEqual([`all ${TYPED}`, `any ${TYPED}`]);
    expect(result.fallbacks).toEqual({ jiraIssues: { partial: true } });
  });

  it('words that found something as typed are never corrected: the partial match follows them', async () => {
    const { fakes, service } = setup({
      forumbee: fakeSource({ [TYPED]: { all: 1 }, [CORRECTED]: { all: 7 } }),
    });
    const result = await service.searchAll(agent, { query: TYPED, filter: ['forumbee'] });
    expect(attempts(fakes.forumbee.calls)).toEqual([`all ${TYPED}`, `any ${TYPED}`]);
    expect(result.counts).toEqual({ forumbee: 1 });
    expect(result.fallbacks).toEqual({});
  });

  it('a query mostly foreign to the content takes no fallback: neither a respelling nor a partial match', async () => {
    const foreign = 'quokka zorblax tunnel';
    const { fakes, service } = setup({ forumbee: fakeSource({ [foreign]: { any: 4 } }) });
    const result = await service.searchAll(agent, { query: foreign, filter: ['forumbee'] });
    expect(attempts(fakes.forumbee.calls)).toEqual([`all ${foreign}`]);
    expect(result.counts).toEqual({ forumbee: 0 });
    expect(result.fallbacks).toEqual({});
    expect(result.didYouMean).toBeUndefined();
  });

  it('a caller that judges off-topic questions itself gets the partial match of a foreign query', async () => {
    const foreign = 'quokka zorblax tunnel';
    const { fakes, service } = setup({ forumbee: fakeSource({ [foreign]: { any: 4 } }) });
    const result = await service.searchAll(agent, {
      query: foreign,
      filter: ['forumbee'],
      callerJudgesOffTopic: true,
    });
    expect(attempts(fakes.forumbee.calls)).toEqual([`all ${foreign}`, `any ${foreign}`]);
    expect(result.counts).toEqual({ forumbee: 4 });
    expect(result.fallbacks).toEqual({ forumbee: { partial: true } });
  });

  it('a foreign query takes a respelling only where every word of it matches, never a partial match', async () => {
    const typed = 'ipsec dryrun';
    const respelled = 'ipsec dry run';
    const { fakes, service } = setup({ forumbee: fakeSource({ [respelled]: { all: 2, any: 5 } }) });
    const result = await service.searchAll(agent, { query: typed, filter: ['forumbee'] });
    expect(attempts(fakes.forumbee.calls)).toEqual([`all ${typed}`, `all ${respelled}`]);
    expect(result.counts).toEqual({ forumbee: 2 });
    expect(result.fallbacks).toEqual({ forumbee: { showingResultsFor: respelled } });
  });

  it('"Did you mean" only when no source found anything, even with the corrected spelling', async () => {
    const { fakes, service } = setup();
    const nothing = await service.searchAll(agent, { query: TYPED, filter: ['forumbee'] });
    expect(nothing.didYouMean).toBe(CORRECTED);
    expect(attempts(fakes.forumbee.calls)).toEqual([
      `all ${TYPED}`,
      `all ${CORRECTED}`,
      `any ${CORRECTED}`,
      `any ${TYPED}`,
    ]);
    const elsewhere = await service.searchAll(agent, { query: TYPED, filter: ['forumbee', 'jiraIssues'] });
    expect(elsewhere.didYouMean).toBeUndefined();
    // A source that failed might have found something: no suggestion then, and no fallback for it.
    const customer: Searcher = {
      actor: { role: 'customer', userType: 'customer', allowDownload: false },
      userId: 'customer-1',
      email: 'customer@example.com',
    };
    const failed = await service.searchAll(customer, {
      query: TYPED,
      filter: ['forumbee', 'zendeskRequests'],
    });
    expect(failed.status).toEqual({ forumbee: 'ok', zendeskRequests: 'error' });
    expect(failed.didYouMean).toBeUndefined();
    expect(attempts(fakes.zendeskRequests.calls)).toEqual([`all ${TYPED}`]);
  });
});

/**
 * A source that answers the partial match with the full match when asked (`partialBelow`), as the built-in
 * full-text sources do in one statement; its hits name the attempt they answer.
 */
function answeringSource(counts: Record<string, Partial<Record<MatchMode, number>>>) {
  const calls: (Call & { partialBelow?: number })[] = [];
  const pageOf = (query: string, match: MatchMode) => {
    const count = counts[query]?.[match] ?? 0;
    return { count, hits: count > 0 ? [`${match} ${query}`] : [] };
  };
  const source: SearchSource<string> = {
    search: async ({ query, match, page, partialBelow }) => {
      calls.push({ query, match, page, ...(partialBelow !== undefined ? { partialBelow } : {}) });
      const found = pageOf(query, match);
      return match === 'all' && partialBelow !== undefined && found.count < partialBelow
        ? { ...found, partial: pageOf(query, 'any') }
        : found;
    },
  };
  return { source, calls };
}

describe('the partial match answered with the full match', () => {
  const serviceWith = (forumbee: ReturnType<typeof answeringSource>) =>
    setup({ forumbee: forumbee as unknown as ReturnType<typeof fakeSource> }).service;

  it('is not asked for again: the typed full match brings it, the corrected spelling is asked for as before', async () => {
    const forumbee = answeringSource({ [TYPED]: { any: 2 }, [CORRECTED]: { all: 1, any: 1 } });
    const result = await serviceWith(forumbee).searchAll(agent, { query: TYPED, filter: ['forumbee'] });
    expect(forumbee.calls).toEqual([
      { query: TYPED, match: 'all', page: 1, partialBelow: 3 },
      { query: CORRECTED, match: 'all', page: 1 },
      { query: CORRECTED, match: 'any', page: 1 },
    ]);
    expect(result.counts).toEqual({ forumbee: 2 });
    expect(result.groups.forumbee?.hits).toEqual([`any ${TYPED}`]);
    expect(result.groups.forumbee).not.toHaveProperty('partial');
    expect(result.fallbacks).toEqual({ forumbee: { partial: true } });
  });

  it('is left out when the words as typed find enough, or the query is foreign to the content', async () => {
    const enough = answeringSource({ [TYPED]: { all: 3, any: 9 } });
    const found = await serviceWith(enough).searchAll(agent, { query: TYPED, filter: ['forumbee'] });
    expect(found.groups.forumbee).toEqual({ count: 3, hits: [`all ${TYPED}`] });
    expect(found.fallbacks).toEqual({});

    const foreign = 'quokka zorblax tunnel';
    const answered = answeringSource({ [foreign]: { any: 4 } });
    const result = await serviceWith(answered).searchAll(agent, { query: foreign, filter: ['forumbee'] });
    expect(attempts(answered.calls)).toEqual([`all ${foreign}`]);
    expect(result.groups.forumbee).toEqual({ count: 0, hits: [] });
    expect(result.fallbacks).toEqual({});
  });

  it('a later page brings its own', async () => {
    const forumbee = answeringSource({ [TYPED]: { all: 1, any: 12 } });
    const service = serviceWith(forumbee);
    const second = await service.searchOne(agent, 'forumbee', { query: TYPED, page: 2 });
    expect(second).toEqual({ count: 12, hits: [`any ${TYPED}`] });
    expect(forumbee.calls).toEqual([{ query: TYPED, match: 'all', page: 2, partialBelow: 3 }]);
  });
});
