import type { Env } from '../../env.js';
import type { ConnectorShared } from '../shared.js';
import { createBuiltinKnowledgeBase } from './builtin/knowledge-base.js';
import type { KnowledgeBaseConnector } from './types.js';

export interface KnowledgeBaseRegistryOptions {
  /**
   * The category `/docs` shows (`ZENDESK_TECH_HUB_CATEGORY_ID`) in a vendor's knowledge base, whose categories
   * carry no slug the portal chose: there `category('tech-hub')` answers this one. The built-in keeps its slug.
   */
  techHubCategoryId?: number | undefined;
}

/** The knowledge base this portal shows and searches: the built-in one until a vendor's joins here. */
export function createKnowledgeBaseConnector(
  _env: Env,
  shared: ConnectorShared,
  _options: KnowledgeBaseRegistryOptions = {},
): KnowledgeBaseConnector {
  return createBuiltinKnowledgeBase({ fullText: shared.fullText });
}
