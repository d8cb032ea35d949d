import { describe, expect, it } from 'vitest';
import { DOCS_PAGE_PATH } from '../../../src/common/docs.js';
import type { KnowledgeBaseConnector } from '../../../src/server/connectors/knowledge-base/types.js';
import { ServiceError } from '../../../src/server/lib/errors.js';
import { cspOf } from '../../support/http.js';
import { FIXTURE_DIST_DIR } from '../../support/test-app.js';
import { useTestApp } from '../../support/use-test-app.js';

const ATTACHMENTS = 'https://acme.zendesk.com';

/** A vendor's knowledge base as the page policy sees it: its image host, and nothing answered. */
const refuse = (): never => {
  throw new ServiceError('UNAVAILABLE', 'a double answers nothing');
};
const vendorKnowledgeBase: KnowledgeBaseConnector = {
  pageSources: { imgSrc: [ATTACHMENTS] },
  searchArticles: refuse,
  readArticles: refuse,
  latest: refuse,
  category: refuse,
  categoryTree: refuse,
  articlePage: refuse,
  categoryOverview: refuse,
  articleId: refuse,
  termStats: refuse,
  vocabulary: refuse,
  contentSync: null,
  addViews: refuse,
  recordVote: refuse,
  voteCounts: refuse,
};

describe("a knowledge base whose article images live on the vendor's host", () => {
  const t = useTestApp({
    seed: false,
    distDir: FIXTURE_DIST_DIR,
    connectors: { knowledgeBase: vendorKnowledgeBase },
  });

  it.each([DOCS_PAGE_PATH, `${DOCS_PAGE_PATH}?article=license-activation-customer-id`])(
    '%s allows images from it, and keeps the rest of the portal policy',
    async (url) => {
      const csp = cspOf((await t.app.inject({ method: 'GET', url })).headers['content-security-policy']);
      expect(csp.get('img-src')).toEqual(["'self'", 'data:', ATTACHMENTS]);
      expect(csp.get('script-src')).toEqual(["'self'"]);
      expect(csp.get('connect-src')).toEqual(["'self'"]);
    },
  );

  it.each(['/', '/search?q=gateway', '/chatbot', '/docsx'])('%s does not', async (url) => {
    const csp = cspOf((await t.app.inject({ method: 'GET', url })).headers['content-security-policy']);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:']);
  });
});
