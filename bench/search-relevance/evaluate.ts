import type { FastifyInstance } from 'fastify';
import { apiPaths } from '../../src/common/api-paths';
import { searchResponseSchema, type SearchResponse } from '../../src/common/contracts/search';
import type { QueryKind, RelevanceQuery, Searcher } from './queries';

/**
 * Runs each query through the real aggregator search, as a visitor (signed out) or, for a query that says so,
 * as an agent (with the agent's session cookie), and scores it: the rank of the best expected item within its
 * source's group (the page shows one source at a time, each ranked on its own), Success@3, MRR@10, whether the
 * query found nothing at all, and for identifiers whether the expected item came first.
 */

export interface QueryOutcome {
  query: RelevanceQuery;
  /** 1-based rank of the best expected item in its group; null when none is on page 1. */
  rank: number | null;
  total: number;
  /**
   * The fallback each group took, `source: corrected spelling` or `source: partial`, comma-separated: read per
   * group, since the answer's top-level fields only say what every group with results shares.
   */
  fallback?: string;
}

export interface KindSummary {
  kind: QueryKind;
  queries: number;
  /** Share of queries with an expected item in the top 3 (for `nonsense`, `off-topic`: share that found nothing). */
  successAt3: number;
  mrrAt10: number;
  /** Share of queries that found nothing at all. */
  noResult: number;
  /** Share of queries whose expected item came first in its group (what counts for `identifier`). */
  first: number;
}

/** The kinds of the tuning and held-out sets, in the order the table lists them. */
export const CLASSIC_KINDS: readonly QueryKind[] = ['paraphrase', 'misspelling', 'question', 'nonsense'];
/** The kinds of the fresh set. */
export const FRESH_KINDS: readonly QueryKind[] = [
  'paraphrase',
  'misspelling',
  'question',
  'short',
  'identifier',
  'off-topic',
];

/** A query that must find nothing. */
const mustFindNothing = (kind: QueryKind): boolean => kind === 'nonsense' || kind === 'off-topic';

/** The titles of each group present: a ticket by its subject, a tracker issue by its summary. */
function titlesByGroup(answer: SearchResponse): string[][] {
  return [
    (answer.zendesk?.results ?? []).map((hit) => hit.title),
    (answer.git?.results ?? []).map((hit) => hit.title),
    (answer.forumbee?.data ?? []).map((hit) => hit.title),
    (answer.zendeskRequests?.requests ?? []).map((ticket) => ticket.subject),
    (answer.zendeskTickets?.results ?? []).map((ticket) => ticket.subject),
    (answer.jiraIssues?.issues ?? []).map((issue) => issue.fields.summary),
  ];
}

/** Each group's fallback, as `QueryOutcome.fallback` describes it; undefined when no group took one. */
function fallbacksOf(answer: SearchResponse): string | undefined {
  const taken = Object.entries(answer.fallbacks ?? {}).flatMap(([source, fallback]) => {
    const how = [fallback?.showingResultsFor, fallback?.partial ? 'partial' : undefined].filter(Boolean);
    return how.length > 0 ? [`${source}: ${how.join(' + ')}`] : [];
  });
  return taken.length > 0 ? taken.join(', ') : undefined;
}

const totalOf = (answer: SearchResponse) =>
  (answer.zendesk?.count ?? 0) +
  (answer.git?.count ?? 0) +
  (answer.forumbee?.paging.count ?? 0) +
  (answer.zendeskRequests?.count ?? 0) +
  (answer.zendeskTickets?.count ?? 0) +
  (answer.jiraIssues?.total ?? 0);

/** `agentCookie`: the session cookie an agent's query is sent with; a query by an agent without it is refused. */
export async function runQuery(
  app: FastifyInstance,
  query: RelevanceQuery,
  agentCookie?: string,
): Promise<QueryOutcome> {
  const asAgent = query.as === 'agent';
  if (asAgent && !agentCookie) throw new Error(`${query.query}: an agent's query needs the agent's session`);
  const res = await app.inject({
    method: 'POST',
    url: `${apiPaths.aggregator.search}?searchValue=${encodeURIComponent(query.query)}`,
    headers: {
      'sec-fetch-site': 'same-origin',
      ...(asAgent && agentCookie ? { cookie: agentCookie } : {}),
    },
    payload: {},
  });
  if (res.statusCode !== 200) throw new Error(`${query.query}: ${res.statusCode} ${res.body}`);
  const answer = searchResponseSchema.parse(res.json());
  // Without the agent's groups the session did not take, and the query would be scored as a visitor's.
  if (asAgent && (!answer.zendeskTickets || !answer.jiraIssues))
    throw new Error(`${query.query}: the agent's answer has no Tickets or Jira group`);
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
  const fallback = fallbacksOf(answer);
  return { query, rank, total: totalOf(answer), ...(fallback ? { fallback } : {}) };
}

export function summarize(
  outcomes: readonly QueryOutcome[],
  kinds: readonly QueryKind[] = CLASSIC_KINDS,
): KindSummary[] {
  return kinds.map((kind) => {
    const of = outcomes.filter((outcome) => outcome.query.kind === kind);
    const share = (test: (outcome: QueryOutcome) => boolean) =>
      of.length === 0 ? 0 : of.filter(test).length / of.length;
    const nothing = mustFindNothing(kind);
    return {
      kind,
      queries: of.length,
      successAt3: share((o) => (nothing ? o.total === 0 : o.rank !== null && o.rank <= 3)),
      mrrAt10: nothing
        ? 0
        : of.reduce((sum, o) => sum + (o.rank !== null && o.rank <= 10 ? 1 / o.rank : 0), 0) /
          (of.length || 1),
      noResult: share((o) => o.total === 0),
      first: nothing ? 0 : share((o) => o.rank === 1),
    };
  });
}

/**
 * A miss: no expected item in the top 3; for `identifier`, not first; for `nonsense` and `off-topic`, something
 * was found.
 */
export function isMiss(outcome: QueryOutcome): boolean {
  const kind = outcome.query.kind;
  if (mustFindNothing(kind)) return outcome.total > 0;
  if (kind === 'identifier') return outcome.rank !== 1;
  return outcome.rank === null || outcome.rank > 3;
}

/** The share of identifier queries of one searcher whose expected item came first, and their number. */
export function foundFirst(
  outcomes: readonly QueryOutcome[],
  searcher: Searcher,
): { share: number; queries: number } {
  const of = outcomes.filter(
    (outcome) => outcome.query.kind === 'identifier' && (outcome.query.as ?? 'visitor') === searcher,
  );
  return { share: of.filter((o) => o.rank === 1).length / (of.length || 1), queries: of.length };
}

/** The share of answerable queries (every kind but nonsense and off-topic) that found nothing. */
export function answerableNoResult(outcomes: readonly QueryOutcome[]): number {
  const answerable = outcomes.filter((outcome) => !mustFindNothing(outcome.query.kind));
  return answerable.filter((outcome) => outcome.total === 0).length / (answerable.length || 1);
}
