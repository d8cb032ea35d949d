import { z } from 'zod';
import { SEARCH_COUNT_CAP } from '../../../../common/search-sources.js';
import { JIRA_SNIPPET_LENGTH, MARK_END, MARK_START, markedSnippet } from '../../../../common/snippet.js';
import { isServiceError } from '../../../lib/errors.js';
import type { ConnectorSearchQuery, SearchPage } from '../../search-types.js';
import { createVendorHttp, type VendorCall, type VendorLog } from '../../vendor-http.js';
import type { IssueHit } from '../types.js';
import { adfToText } from './adf.js';
import type { JiraGrants, LiveGrant } from './grants.js';
import { buildJql, issueKeyOf, ORDER } from './jql.js';

/**
 * Agents' issue search on Jira Cloud's enhanced search, as the agent
 * (https://developer.atlassian.com/cloud/jira/platform/rest/v3/api-group-issue-search/):
 * - `POST {api}/ex/jira/{cloudId}/rest/api/3/search/jql {jql, maxResults, fields}` answers
 *   `{issues: [{id, key, fields}], nextPageToken?, isLast}` and no total; pages follow a forward-only
 *   `nextPageToken`, so page N is read as the first N × pageSize issues (at most 100) and sliced;
 * - `POST …/rest/api/3/search/approximate-count {jql}` answers `{count}`, the only total (cached);
 * - the old `/rest/api/3/search` answers 410 since its removal
 *   (https://developer.atlassian.com/changelog/#CHANGE-2046) and is never called;
 * - 3LO calls go through `api.atlassian.com/ex/jira/{cloudId}`, never the site's own address
 *   (https://developer.atlassian.com/cloud/oauth/getting-started/making-calls-to-api/);
 * - a 429 carries `Retry-After` (seconds), `X-RateLimit-Reset` (ISO time) and `RateLimit-Reason`
 *   (https://developer.atlassian.com/cloud/jira/platform/rate-limiting): vendor-http.ts waits it out when the
 *   wait fits in the search's budget, else the source's breaker stays open that long.
 * The v3 `description` is an Atlassian Document Format tree (adf.ts).
 */

/** Most issues one enhanced-search page holds for these fields (not documented for 3LO: the old limit). */
export const JIRA_MAX_RESULTS = 100;
const FIELDS = ['summary', 'status', 'description'];

const searchSchema = z.object({
  issues: z.array(
    z.object({
      id: z.string(),
      key: z.string(),
      fields: z.object({
        summary: z.string().nullish(),
        status: z.object({ name: z.string() }).nullish(),
        description: z.unknown().optional(),
      }),
    }),
  ),
  nextPageToken: z.string().nullish(),
  isLast: z.boolean().optional(),
});
const countSchema = z.object({ count: z.number().int().nonnegative() });

export interface JiraSearchOptions {
  apiUrl: string;
  scope: string;
  grants: JiraGrants;
  log: VendorLog;
  /** How long an approximate count is reused (SEARCH_COUNT_CACHE_MS). */
  countCacheMs: number;
  /** The search source's budget (SEARCH_SOURCE_TIMEOUT_MS): no retry wait goes past it. */
  budgetMs: number;
}

// The portal's highlight marks must not come from a vendor's text.
const plain = (text: string) => text.replaceAll(MARK_START, ' ').replaceAll(MARK_END, ' ');

function hitOf(issue: z.infer<typeof searchSchema>['issues'][number]): IssueHit {
  return {
    id: Number(issue.id),
    key: issue.key,
    summary: plain(issue.fields.summary ?? ''),
    status: issue.fields.status?.name ?? '',
    snippet: markedSnippet(plain(adfToText(issue.fields.description ?? '')), JIRA_SNIPPET_LENGTH),
  };
}

/**
 * One call as the agent. Its own client remembers the grant its last attempt sent, so that after a 401 the
 * refresh knows which token failed: when another call (here or on another instance) has renewed it since,
 * the renewed one is used and Jira is not asked again (grants.ts).
 */
export function createJiraCaller(options: Pick<JiraSearchOptions, 'apiUrl' | 'grants' | 'log'>) {
  return <T>(agentId: string, grant: { current: LiveGrant }, call: VendorCall<T>): Promise<T> => {
    let sent = grant.current;
    const client = createVendorHttp({
      vendor: 'jira',
      baseUrl: `${options.apiUrl.replace(/\/+$/, '')}/ex/jira/${encodeURIComponent(grant.current.cloudId)}`,
      log: options.log,
      headers: () => {
        sent = grant.current;
        return { authorization: `Bearer ${sent.accessToken}` };
      },
      refresh: async () => {
        grant.current = await options.grants.refresh(agentId, sent);
      },
      rateLimitReset: 'iso-time',
    });
    return client.request(call);
  };
}

export function createJiraSearch(options: JiraSearchOptions) {
  const counts = new Map<string, { count: number; until: number }>();

  const callAs = createJiraCaller(options);

  return async function searchIssues(
    query: ConnectorSearchQuery,
    agentId: string,
  ): Promise<SearchPage<IssueHit>> {
    const match = query.match ?? 'all';
    const grant = { current: await options.grants.live(agentId) };
    const request = <T>(call: VendorCall<T>) => callAs(agentId, grant, call);
    const deadline = Date.now() + options.budgetMs;
    const wanted = query.page * query.pageSize;
    const start = (query.page - 1) * query.pageSize;

    const count = async (jql: string): Promise<number> => {
      const key = `${agentId}\n${jql}`;
      const cached = counts.get(key);
      if (cached && cached.until > Date.now()) return cached.count;
      const answer = await request({
        method: 'POST',
        path: '/rest/api/3/search/approximate-count',
        readOnly: true,
        body: { jql },
        schema: countSchema,
        signal: query.signal,
        deadline,
      });
      if (options.countCacheMs > 0)
        counts.set(key, { count: answer.count, until: Date.now() + options.countCacheMs });
      return answer.count;
    };

    const run = async (withKey: boolean): Promise<SearchPage<IssueHit>> => {
      const jql = buildJql({ scope: options.scope, query: query.query, match, withKey });
      if (!jql) return { count: 0, hits: [] };
      if (start >= JIRA_MAX_RESULTS) return { count: Math.min(await count(jql), SEARCH_COUNT_CAP), hits: [] };
      const [page, total] = await Promise.all([
        request({
          method: 'POST',
          path: '/rest/api/3/search/jql',
          readOnly: true,
          body: { jql: `${jql}${ORDER}`, maxResults: Math.min(wanted, JIRA_MAX_RESULTS), fields: FIELDS },
          schema: searchSchema,
          signal: query.signal,
          deadline,
        }),
        count(jql),
      ]);
      const hits = page.issues.slice(start, start + query.pageSize).map(hitOf);
      // The count is approximate and may lag: never below what the page itself shows.
      return { count: Math.min(Math.max(total, start + hits.length), SEARCH_COUNT_CAP), hits };
    };

    const withKey = match === 'all' && issueKeyOf(query.query) !== null;
    try {
      return await run(withKey);
    } catch (error) {
      // Jira answers 400 to `key = "X-1"` when X-1 does not exist (its wording is not documented), so a query
      // with the key clause that is refused is asked once more without it; a second 400 is the query's own.
      if (withKey && isServiceError(error) && error.code === 'INVALID_INPUT') return run(false);
      throw error;
    }
  };
}
