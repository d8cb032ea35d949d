import type { FullTextOptions } from '../../lib/fulltext/fulltext-search.js';
import { createBuiltinCommunity } from './builtin/community.js';
import type { CommunityConnector } from './types.js';

/** The forum this portal searches. Only the built-in one exists so far; a Forumbee adapter joins here. */
export function createCommunityConnector(options: { fullText: FullTextOptions }): CommunityConnector {
  return createBuiltinCommunity(options);
}
