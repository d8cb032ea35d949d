import type { FullTextOptions } from '../../lib/fulltext/fulltext-search.js';
import { createBuiltinKnowledgeBase } from './builtin/knowledge-base.js';
import type { KnowledgeBaseConnector } from './types.js';

/** The knowledge base this portal uses: the built-in one until a vendor's joins here. */
export function createKnowledgeBaseConnector(options: { fullText: FullTextOptions }): KnowledgeBaseConnector {
  return createBuiltinKnowledgeBase(options);
}
