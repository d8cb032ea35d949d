import { z } from 'zod';
import { isServiceError } from '../../../lib/errors.js';
import type { LinkedIssue } from '../types.js';
import type { JiraGrants } from './grants.js';
import { createJiraCaller, type JiraSearchOptions } from './search.js';

const issueSchema = z.object({
  key: z.string(),
  fields: z.object({
    summary: z.string().nullish(),
    status: z.object({ name: z.string() }).nullish(),
  }),
});

/** A ticket links a handful of issues; more are not looked up at once. */
const MOST_KEYS = 20;

/**
 * The linked issues of a ticket, read as the agent: `GET …/rest/api/3/issue/{key}?fields=summary,status` per
 * key (https://developer.atlassian.com/cloud/jira/platform/rest/v3/api-group-issues/#api-rest-api-3-issue-issueidorkey-get).
 * A key Jira does not know, or the agent may not read, answers 404 and is left out. One request per key
 * rather than a `key in (…)` search: Jira refuses the whole search when one of its keys does not exist.
 */
export function createJiraIssueLookup(
  options: Pick<JiraSearchOptions, 'apiUrl' | 'log' | 'budgetMs'> & { grants: JiraGrants },
) {
  const callAs = createJiraCaller(options);
  return async function issuesByKey(keys: readonly string[], agentId: string): Promise<LinkedIssue[]> {
    if (keys.length === 0) return [];
    const grant = { current: await options.grants.live(agentId) };
    const deadline = Date.now() + options.budgetMs;
    const found = await Promise.all(
      keys.slice(0, MOST_KEYS).map(async (key) => {
        try {
          const issue = await callAs(agentId, grant, {
            method: 'GET',
            path: `/rest/api/3/issue/${encodeURIComponent(key)}?fields=summary,status`,
            readOnly: true,
            schema: issueSchema,
            deadline,
          });
          return {
            key: issue.key,
            summary: issue.fields.summary ?? '',
            status: issue.fields.status?.name ?? '',
          };
        } catch (error) {
          if (isServiceError(error) && error.code === 'NOT_FOUND') return null;
          throw error;
        }
      }),
    );
    return found.filter((issue): issue is LinkedIssue => issue !== null);
  };
}
