import type { Env } from '../../env.js';
import type { ConnectorShared } from '../shared.js';
import { createBuiltinCommunity } from './builtin/community.js';
import { createForumbeeCommunity } from './forumbee/community.js';
import type { CommunityConnector } from './types.js';

/** The forum this portal searches: Forumbee's topics, synced, when FORUMBEE_URL is set; else `content/community/`. */
export function createCommunityConnector(env: Env, shared: ConnectorShared): CommunityConnector {
  const { FORUMBEE_URL } = env;
  if (FORUMBEE_URL) return createForumbeeCommunity({ ...env, FORUMBEE_URL }, shared);
  return createBuiltinCommunity({ fullText: shared.fullText });
}
