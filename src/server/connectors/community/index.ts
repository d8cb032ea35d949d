import type { Env } from '../../env.js';
import type { ConnectorShared } from '../shared.js';
import { createBuiltinCommunity } from './builtin/community.js';
import type { CommunityConnector } from './types.js';

/** The forum this portal searches: the built-in one until a Forumbee adapter joins here. */
export function createCommunityConnector(_env: Env, shared: ConnectorShared): CommunityConnector {
  return createBuiltinCommunity({ fullText: shared.fullText });
}
