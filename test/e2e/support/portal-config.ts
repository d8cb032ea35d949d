import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { portalConfigSchema, type PortalConfig } from '../../../src/common/portal-config';

/**
 * The configuration the server under test runs with (the demo `config/portal.yaml`), validated by the same
 * schema, so the specs check the pages against the config instead of copies of its values.
 */
export const portalConfig: PortalConfig = portalConfigSchema.parse(
  parse(readFileSync(new URL('../../../config/portal.yaml', import.meta.url), 'utf8')),
);

/** Menu items an anonymous visitor sees (items gated to customers or downloads stay hidden). */
export const anonymousSupportItems = portalConfig.menus.support.filter((item) => item.show === 'all');
export const gatedSupportItems = portalConfig.menus.support.filter((item) => item.show !== 'all');

export const eolPolicyPath = `/${portalConfig.product.name}-EOL-Policy`;
export const chatbotPolicyPath = `/${portalConfig.product.name}-Chatbot-Policy`;
