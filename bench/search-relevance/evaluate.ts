import type { FastifyInstance } from 'fastify';
import { apiPaths } from '../../src/common/api-paths';
import { searchResponseSchema, type SearchResponse } from '../../src/common/contracts/search';
import type { QueryKind, RelevanceQuery } from './queries';

/**
 * Runs each query through the real aggregator search (anonymous, as a visitor) and scores it: the rank of the
 * best expected item within its source's group (the page shows one source at a time, each ranked on its own),
 * Success@3, MRR@10, and whether the query found nothing at all.
 */

export interface QueryOutcome {
  query: RelevanceQuery;
  /** 1-based rank of the best expected item in its group; null when none is on page 1. */
  rank: number | null;
  total: number;
  /** The corrected spelling whose results were shown, or `partial` for the partial match. */
  fallback?: string;
}

export interface KindSummary {
  kind: QueryKind;
  queries: number;
  /** Share of queries with an expected item in the top 3 (for `nonsense`: share that found nothing). */
  successAt3: number;
  mrrAt10: number;
  /** Share of queries that found nothing at all. */
  noResult: number;
}

function titlesByGroup(answer: SearchResponse): string[][] {
  return [
    (answer.zendesk?.results ?? []).map((hit) => hit.title),
    (answer.git?.results ?? []).map((hit) => hit.title),
    (answer.forumbee?.data ?? []).map((hit) => hit.title),
  ];
}

const totalOf = (answer: SearchResponse) =>
  (answer.zendesk?.count ?? 0) + (answer.git?.count ?? 0) + (answer.forumbee?.paging.count ?? 0);

export async function runQuery(app: FastifyInstance, query: RelevanceQuery): Promise<QueryOutcome> {
  const res = await app.inject({
    method: 'POST',
    url: `${apiPaths.aggregator.search}?searchValue=${encodeURIComponent(query.query)}`,
    headers: { 'sec-fetch-site': 'same-origin' },
    payload: {},
  });
  if (res.statusCode !== 200) throw new Error(`${query.query}: ${res.statusCode} ${res.body}`);
  const answer = searchResponseSchema.parse(res.json());
  const wanted = query.expect.map((prefix) => prefix.toLowerCase());
  let rank: number | null = null;
  for (const titles of titlesByGroup(answer)) {
    titles.forEach((title, index) => {
      const lower = title.toLowerCase();
      if (wanted.some((prefix) => lower.startsWith(prefix)) && (rank === null || index + 1 < rank)) {
        rank = index + 1;
      }
    });
  }
  const fallback = answer.showingResultsFor ?? (answer.partial ? 'partial' : undefined);
  return { query, rank, total: totalOf(answer), ...(fallback ? { fallback } : {}) };
}

export function summarize(outcomes: QueryOutcome[]): KindSummary[] {
  const kinds: QueryKind[] = ['paraphrase', 'misspelling', 'question', 'nonsense'];
  return kinds.map((kind) => {
    const of = outcomes.filter((outcome) => outcome.query.kind === kind);
    const share = (test: (outcome: QueryOutcome) => boolean) =>
      of.length === 0 ? 0 : of.filter(test).length / of.length;
    const nonsense = kind === 'nonsense';
    return {
      kind,
      queries: of.length,
      successAt3: share((o) => (nonsense ? o.total === 0 : o.rank !== null && o.rank <= 3)),
      mrrAt10: nonsense
        ? 0
        : of.reduce((sum, o) => sum + (o.rank !== null && o.rank <= 10 ? 1 / o.rank : 0), 0) /
          (of.length || 1),
      noResult: share((o) => o.total === 0),
    };
  });
}

/** A miss: no expected item in the top 3 (for `nonsense`: something was found). */
export const isMiss = (outcome: QueryOutcome): boolean =>
  outcome.query.kind === 'nonsense' ? outcome.total > 0 : outcome.rank === null || outcome.rank > 3;

/** The share of answerable queries (every kind but nonsense) that found nothing. */
export function answerableNoResult(outcomes: QueryOutcome[]): number {
  const answerable = outcomes.filter((outcome) => outcome.query.kind !== 'nonsense');
  return answerable.filter((outcome) => outcome.total === 0).length / (answerable.length || 1);
}
