import type { Env } from '../../env.js';
import type { ConnectorShared } from '../shared.js';
import { createBuiltinTracker } from './builtin/tracker.js';
import { createJiraTracker } from './jira/tracker.js';
import type { TrackerConnector } from './types.js';

/**
 * The tracker this portal uses: Jira Cloud when JIRA_CLIENT_ID is set (the settings refuse a half-set group, so
 * the rest of it is there), else the built-in one. Only the built-in one serves an authorize endpoint.
 */
export function createTrackerConnector(env: Env, shared: ConnectorShared): TrackerConnector {
  const { JIRA_CLIENT_ID, JIRA_CLIENT_SECRET, JIRA_SITE_URL, JIRA_JQL_SCOPE, CONNECTOR_TOKEN_KEY } = env;
  if (JIRA_CLIENT_ID && JIRA_CLIENT_SECRET && JIRA_SITE_URL && JIRA_JQL_SCOPE && CONNECTOR_TOKEN_KEY) {
    return createJiraTracker(
      { ...env, JIRA_CLIENT_ID, JIRA_CLIENT_SECRET, JIRA_SITE_URL, JIRA_JQL_SCOPE, CONNECTOR_TOKEN_KEY },
      shared,
    );
  }
  return createBuiltinTracker({ db: shared.db, fullText: shared.fullText });
}
