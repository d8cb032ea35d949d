import { describe, expect, it } from 'vitest';
import { apiPaths } from '../../../src/common/api-paths.js';
import type { Connectors } from '../../../src/server/connectors/index.js';
import { ServiceError } from '../../../src/server/lib/errors.js';
import { FIXTURE_DIST_DIR } from '../../support/test-app.js';
import { useTestApp } from '../../support/use-test-app.js';

const refuse = (): never => {
  throw new ServiceError('UNAVAILABLE', 'a double answers nothing');
};

/**
 * Doubles standing for vendors' help desk, tracker and store: the kinds' interfaces and nothing more, no
 * `routes` (a vendor serves its sign-in page, authorize endpoint and downloads itself).
 */
const vendorDoubles: Partial<Connectors> = {
  helpdesk: {
    clientId: 'vendor',
    authorizationUrl: () => 'https://helpdesk.vendor.test/oauth/authorizations/new',
    exchangeCode: refuse,
    createUser: refuse,
    findUser: async () => undefined,
  },
  tracker: {
    clientId: 'vendor',
    authorizationUrl: () => 'https://tracker.vendor.test/authorize',
    exchangeCode: refuse,
    searchIssues: async () => ({ count: 0, hits: [] }),
    issueUrl: (key) => `https://tracker.vendor.test/browse/${key}`,
    issuesByKey: async () => [],
  },
  storage: {
    provider: 'builtin',
    put: refuse,
    head: async () => undefined,
    get: async () => undefined,
    delete: async () => false,
    list: async () => [],
    signedUrl: refuse,
  },
};

const startBody = {
  response_type: 'code',
  client_id: 'portal',
  redirect_uri: 'http://localhost/zendeskAuth',
  scope: 'read',
  state: 's'.repeat(22),
  code_challenge: 'c'.repeat(43),
  code_challenge_method: 'S256',
  role: 'customer',
  login_hint: 'nobody@example.com',
};

/** A page of the portal's own origin sends these. */
const sameOrigin = { 'sec-fetch-site': 'same-origin' };

/**
 * The built-ins' own endpoints, as a browser would call them. Unclaimed, the GET path falls to the page render,
 * whose answer for a page the web app does not have is 404 too.
 */
const builtinEndpoints = [
  {
    name: 'help-desk authorize start',
    method: 'POST',
    url: apiPaths.helpdesk.authorizeStart,
    headers: sameOrigin,
    payload: startBody,
  },
  {
    name: 'help-desk authorize verify',
    method: 'POST',
    url: apiPaths.helpdesk.authorizeVerify,
    headers: sameOrigin,
    payload: { requestId: 'r'.repeat(43), code: '123456' },
  },
  {
    name: 'tracker authorize',
    method: 'GET',
    url: `${apiPaths.redirects.trackerAuthorize}?client_id=portal`,
  },
  {
    name: 'storage signed URL',
    method: 'GET',
    url: `${apiPaths.storage.object}?key=a&name=a&expires=1&signature=${'a'.repeat(43)}`,
  },
] as const;

describe("connectors' own routes", () => {
  describe('with the built-ins', () => {
    const t = useTestApp({ seed: false, distDir: FIXTURE_DIST_DIR });
    it.each(builtinEndpoints)('serves the $name endpoint', async (endpoint) => {
      const res = await t.app.inject(endpoint);
      expect(res.statusCode).not.toBe(404);
    });
  });

  describe("with vendors' implementations", () => {
    const t = useTestApp({ seed: false, distDir: FIXTURE_DIST_DIR, connectors: vendorDoubles });
    it.each(builtinEndpoints)('answers 404 on the $name endpoint', async (endpoint) => {
      const res = await t.app.inject(endpoint);
      expect(res.statusCode).toBe(404);
    });
  });
});
