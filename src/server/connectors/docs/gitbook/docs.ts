import type { Env } from '../../../env.js';
import { createFeedSync } from '../../content-sync.js';
import type { ConnectorShared } from '../../shared.js';
import { createBuiltinDocs } from '../builtin/docs.js';
import { storePagesPass } from '../builtin/store-pages.js';
import type { DocsConnector } from '../types.js';
import { createGitbookDocsFeed } from './feed.js';

export type GitbookDocsEnv = Required<
  Pick<Env, 'GITBOOK_API_TOKEN' | 'GITBOOK_ORGANIZATION_ID' | 'GITBOOK_SITE_ID' | 'GITBOOK_SITE_URL'>
> &
  Pick<Env, 'GITBOOK_API_URL'>;

/**
 * GitBook as the documentation: the published site's pages synced into the built-in's table and searched
 * there; each links to its published address (`GITBOOK_SITE_URL`), never the editor's.
 */
export function createGitbookDocs(env: GitbookDocsEnv, shared: ConnectorShared): DocsConnector {
  const feed = createGitbookDocsFeed({
    apiUrl: env.GITBOOK_API_URL,
    token: env.GITBOOK_API_TOKEN,
    organizationId: env.GITBOOK_ORGANIZATION_ID,
    siteId: env.GITBOOK_SITE_ID,
    siteUrl: env.GITBOOK_SITE_URL,
    log: shared.log,
  });
  return {
    ...createBuiltinDocs({ fullText: shared.fullText }),
    contentSync: createFeedSync(shared.db, feed, storePagesPass),
  };
}
