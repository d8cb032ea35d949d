import type { Env } from '../../env.js';
import type { ConnectorShared } from '../shared.js';
import { createBuiltinDocs } from './builtin/docs.js';
import { createGitbookDocs } from './gitbook/docs.js';
import type { DocsConnector } from './types.js';

/** The documentation this portal searches: GitBook's published site, synced, when GITBOOK_API_TOKEN is set. */
export function createDocsConnector(env: Env, shared: ConnectorShared): DocsConnector {
  const { GITBOOK_API_TOKEN, GITBOOK_ORGANIZATION_ID, GITBOOK_SITE_ID, GITBOOK_SITE_URL } = env;
  if (GITBOOK_API_TOKEN && GITBOOK_ORGANIZATION_ID && GITBOOK_SITE_ID && GITBOOK_SITE_URL) {
    return createGitbookDocs(
      { ...env, GITBOOK_API_TOKEN, GITBOOK_ORGANIZATION_ID, GITBOOK_SITE_ID, GITBOOK_SITE_URL },
      shared,
    );
  }
  return createBuiltinDocs({ fullText: shared.fullText });
}
