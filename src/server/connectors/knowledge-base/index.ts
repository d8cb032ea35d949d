import type { Env } from '../../env.js';
import type { ConnectorShared } from '../shared.js';
import { createBuiltinKnowledgeBase } from './builtin/knowledge-base.js';
import type { KnowledgeBaseConnector } from './types.js';
import { createZendeskKnowledgeBase } from './zendesk/knowledge-base.js';

/**
 * The knowledge base this portal shows and searches: Zendesk Help Center's articles, synced, when ZENDESK_URL is
 * set (the settings refuse a half-set group, so the rest of it is there), else the built-in one from
 * `content/kb/`.
 */
export function createKnowledgeBaseConnector(env: Env, shared: ConnectorShared): KnowledgeBaseConnector {
  const { ZENDESK_URL, ZENDESK_CLIENT_ID, ZENDESK_CLIENT_SECRET, ZENDESK_TECH_HUB_CATEGORY_ID } = env;
  if (ZENDESK_URL && ZENDESK_CLIENT_ID && ZENDESK_CLIENT_SECRET && ZENDESK_TECH_HUB_CATEGORY_ID) {
    return createZendeskKnowledgeBase(
      { ...env, ZENDESK_URL, ZENDESK_CLIENT_ID, ZENDESK_CLIENT_SECRET, ZENDESK_TECH_HUB_CATEGORY_ID },
      shared,
    );
  }
  return createBuiltinKnowledgeBase({ fullText: shared.fullText });
}
