import type { Env } from '../../../env.js';
import { ServiceError } from '../../../lib/errors.js';
import type { ConnectorShared } from '../../shared.js';
import type { TrackerConnector } from '../types.js';
import { createJiraGrants } from './grants.js';
import { createJiraOAuth, jiraAuthorizationUrl } from './oauth.js';
import { createJiraIssueLookup } from './issues.js';
import { createJiraSearch } from './search.js';
import { createTokenCipher } from './token-cipher.js';

export interface JiraTrackerSettings {
  JIRA_CLIENT_ID: string;
  JIRA_CLIENT_SECRET: string;
  JIRA_SITE_URL: string;
  JIRA_JQL_SCOPE: string;
  JIRA_AUTH_URL: string;
  JIRA_API_URL: string;
  CONNECTOR_TOKEN_KEY: string;
  SEARCH_COUNT_CACHE_MS: Env['SEARCH_COUNT_CACHE_MS'];
  SEARCH_SOURCE_TIMEOUT_MS: Env['SEARCH_SOURCE_TIMEOUT_MS'];
}

/**
 * Jira Cloud as the tracker: each agent grants the portal read access through OAuth 2.0 (3LO), and their
 * searches read the configured site's issues with their own grant. It brings no routes: Atlassian's
 * consent page replaces the built-in authorize endpoint.
 */
export function createJiraTracker(settings: JiraTrackerSettings, shared: ConnectorShared): TrackerConnector {
  const log = shared.log;
  const oauth = createJiraOAuth({
    clientId: settings.JIRA_CLIENT_ID,
    clientSecret: settings.JIRA_CLIENT_SECRET,
    authUrl: settings.JIRA_AUTH_URL,
    apiUrl: settings.JIRA_API_URL,
    log,
  });
  const grants = createJiraGrants({
    db: shared.db,
    cipher: createTokenCipher(settings.CONNECTOR_TOKEN_KEY),
    oauth,
  });
  const siteUrl = new URL(settings.JIRA_SITE_URL).origin;

  return {
    clientId: settings.JIRA_CLIENT_ID,

    // The PKCE challenge is left out: 3LO documents none (oauth.ts).
    authorizationUrl: ({ redirectUri, state }) =>
      jiraAuthorizationUrl(
        { clientId: settings.JIRA_CLIENT_ID, authUrl: settings.JIRA_AUTH_URL },
        { redirectUri, state },
      ),

    async exchangeCode({ userId, code, redirectUri }) {
      let tokens;
      try {
        tokens = await oauth.exchangeCode({ code, redirectUri });
      } catch (error) {
        if (error instanceof ServiceError && error.code !== 'UNAVAILABLE') {
          throw new ServiceError(
            'UNAUTHENTICATED',
            'The ticketing system authorization code is invalid, expired or already used.',
          );
        }
        throw error;
      }
      const [accountId, cloudId] = await Promise.all([
        oauth.accountId(tokens.accessToken),
        oauth.cloudIdOf(tokens.accessToken, siteUrl),
      ]);
      if (!cloudId) {
        throw new ServiceError(
          'UNAUTHENTICATED',
          `The grant does not include the Jira site ${siteUrl}. Authorize the ticketing system again and choose that site.`,
        );
      }
      await grants.store({ userId, accountId, cloudId, tokens });
      return { accountId };
    },

    searchIssues: createJiraSearch({
      apiUrl: settings.JIRA_API_URL,
      scope: settings.JIRA_JQL_SCOPE,
      grants,
      log,
      countCacheMs: settings.SEARCH_COUNT_CACHE_MS,
      budgetMs: settings.SEARCH_SOURCE_TIMEOUT_MS,
    }),

    issueUrl: (key) => `${siteUrl}/browse/${encodeURIComponent(key)}`,

    issuesByKey: createJiraIssueLookup({
      apiUrl: settings.JIRA_API_URL,
      grants,
      log,
      budgetMs: settings.SEARCH_SOURCE_TIMEOUT_MS,
    }),
  };
}
