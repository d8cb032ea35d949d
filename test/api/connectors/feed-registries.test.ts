import { describe, expect, it } from 'vitest';
import { loadEnv } from '../../../src/server/env.js';
import { createTestApp } from '../../support/test-app.js';

/**
 * The knowledge base, documentation and community registries pick a vendor's feed exactly when its group is set,
 * and the content folder then leaves that source to the feed.
 */
const zendesk = {
  ZENDESK_URL: 'http://127.0.0.1:9/zendesk',
  ZENDESK_CLIENT_ID: 'portal',
  ZENDESK_CLIENT_SECRET: 'secret',
  ZENDESK_PROVIDED_ID_FIELD: 'provided_id',
  ZENDESK_TECH_HUB_CATEGORY_ID: '360001',
};
const gitbook = {
  GITBOOK_API_TOKEN: 'gb-token',
  GITBOOK_ORGANIZATION_ID: 'org',
  GITBOOK_SITE_ID: 'site',
  GITBOOK_SITE_URL: 'https://docs.acme.example',
};
const forumbee = { FORUMBEE_URL: 'https://community.acme.example' };

describe('vendor feeds in the registries', () => {
  it.each([
    ['nothing set', {}, [null, null, null]],
    ['Zendesk', zendesk, ['zendesk', null, null]],
    ['GitBook', gitbook, [null, 'gitbook', null]],
    ['Forumbee', forumbee, [null, null, 'forumbee']],
    ['all three', { ...zendesk, ...gitbook, ...forumbee }, ['zendesk', 'gitbook', 'forumbee']],
  ])('%s', async (_name, env: Record<string, string>, vendors) => {
    expect(() => loadEnv({ NODE_ENV: 'test', ...env })).not.toThrow();
    const t = await createTestApp({ env, accounts: false });
    try {
      const { knowledgeBase, docs, community } = t.app.connectors;
      expect(
        [knowledgeBase.contentSync, docs.contentSync, community.contentSync].map(
          (sync) => sync?.vendor ?? null,
        ),
      ).toEqual(vendors);
      expect(t.app.contentSync.sources).toEqual(
        (['kb', 'docs', 'community'] as const).filter((_source, index) => vendors[index] !== null),
      );
      // A Zendesk knowledge base's images are its own origin's; the built-in's are the portal's.
      expect(knowledgeBase.pageSources).toEqual(vendors[0] ? { imgSrc: ['http://127.0.0.1:9'] } : {});
    } finally {
      await t.close();
    }
  });
});
