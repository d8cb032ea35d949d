import type { Env } from '../../../env.js';
import { createFeedSync } from '../../content-sync.js';
import type { ConnectorShared } from '../../shared.js';
import { createBuiltinKnowledgeBase } from '../builtin/knowledge-base.js';
import { storeArticlesPass } from '../builtin/store-articles.js';
import type { KnowledgeBaseConnector } from '../types.js';
import { createZendeskKnowledgeBaseFeed } from './feed.js';

export type ZendeskKnowledgeBaseEnv = Required<
  Pick<Env, 'ZENDESK_URL' | 'ZENDESK_CLIENT_ID' | 'ZENDESK_CLIENT_SECRET' | 'ZENDESK_TECH_HUB_CATEGORY_ID'>
> &
  Pick<Env, 'ZENDESK_LOCALE'>;

/**
 * Zendesk Help Center as the knowledge base: its articles synced into the built-in's tables (the feed), and
 * searched, listed and read there, so no keystroke calls Zendesk and an outage shows the last synced articles.
 * `/docs` shows the category `ZENDESK_TECH_HUB_CATEGORY_ID`; the bodies' images come from the Help Center.
 */
export function createZendeskKnowledgeBase(
  env: ZendeskKnowledgeBaseEnv,
  shared: ConnectorShared,
): KnowledgeBaseConnector {
  const feed = createZendeskKnowledgeBaseFeed({
    baseUrl: env.ZENDESK_URL,
    clientId: env.ZENDESK_CLIENT_ID,
    clientSecret: env.ZENDESK_CLIENT_SECRET,
    locale: env.ZENDESK_LOCALE,
    log: shared.log,
  });
  return {
    ...createBuiltinKnowledgeBase({
      fullText: shared.fullText,
      techHubExternalId: env.ZENDESK_TECH_HUB_CATEGORY_ID,
    }),
    pageSources: { imgSrc: [new URL(env.ZENDESK_URL).origin] },
    contentSync: createFeedSync(shared.db, feed, (tx, pass) => storeArticlesPass(tx, pass, env.ZENDESK_URL)),
  };
}
