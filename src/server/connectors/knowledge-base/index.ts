import type { Env } from '../../env.js';
import type { ConnectorShared } from '../shared.js';
import { createBuiltinKnowledgeBase } from './builtin/knowledge-base.js';
import type { KnowledgeBaseConnector } from './types.js';

/**
 * The knowledge base this portal shows and searches: the built-in one until a vendor's joins here (a vendor's
 * reads the category `/docs` shows from `env.ZENDESK_TECH_HUB_CATEGORY_ID`, its categories having no slug the
 * portal chose).
 */
export function createKnowledgeBaseConnector(_env: Env, shared: ConnectorShared): KnowledgeBaseConnector {
  return createBuiltinKnowledgeBase({ fullText: shared.fullText });
}
