import type { Vocabulary } from '../../src/server/services/search/suggest.js';
import { NO_SYNONYMS } from '../../src/server/lib/fulltext/query-terms.js';

/** A search vocabulary that knows no word: for tests of the search service's fan-out, not of its language. */
export const EMPTY_VOCABULARY: Vocabulary = {
  similar: async () => [],
  listed: async () => [],
  known: async () => ({ items: new Map<string, number>(), total: 0 }),
  everyday: async () => new Set<string>(),
  synonyms: NO_SYNONYMS,
};
