import type { Env } from '../../../env.js';
import { createFeedSync } from '../../content-sync.js';
import type { ConnectorShared } from '../../shared.js';
import { createBuiltinCommunity } from '../builtin/community.js';
import { storePostsPass } from '../builtin/store-posts.js';
import type { CommunityConnector } from '../types.js';
import { createForumbeeCommunityFeed } from './feed.js';

export type ForumbeeCommunityEnv = Required<Pick<Env, 'FORUMBEE_URL'>> &
  Pick<Env, 'FORUMBEE_API_KEY' | 'FORUMBEE_CATEGORIES'>;

/** Forumbee as the community: its topics synced into the built-in's table and searched there. */
export function createForumbeeCommunity(
  env: ForumbeeCommunityEnv,
  shared: ConnectorShared,
): CommunityConnector {
  const feed = createForumbeeCommunityFeed({
    baseUrl: env.FORUMBEE_URL,
    ...(env.FORUMBEE_API_KEY ? { apiKey: env.FORUMBEE_API_KEY } : {}),
    ...(env.FORUMBEE_CATEGORIES ? { categories: env.FORUMBEE_CATEGORIES } : {}),
    log: shared.log,
  });
  return {
    ...createBuiltinCommunity({ fullText: shared.fullText }),
    contentSync: createFeedSync(shared.db, feed, storePostsPass),
  };
}
