import { jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { apiPaths } from '../../../src/common/api-paths.js';
import { CHATBOT_PAGE_PATH } from '../../../src/common/chat.js';
import { createCustomer, sessionCookie } from '../../support/factories.js';
import { cspOf } from '../../support/http.js';
import { useTestApp } from '../../support/use-test-app.js';

const IDENTITY_SECRET = 'intercom-identity-secret-of-the-test';
const INTERCOM_ENV = { INTERCOM_APP_ID: 'abc12def', INTERCOM_IDENTITY_SECRET: IDENTITY_SECRET };

const mentionsIntercom = (header: string | string[] | number | undefined) => /intercom/i.test(String(header));

describe('the Intercom chat adapter (INTERCOM_APP_ID and INTERCOM_IDENTITY_SECRET set)', () => {
  const t = useTestApp({ seed: false, env: INTERCOM_ENV });

  it('/api/zendesk/me answers intercom_user_jwt signed with the identity secret', async () => {
    const customer = await createCustomer(t.app);
    const res = await t.app.inject({
      method: 'GET',
      url: apiPaths.helpdesk.me,
      headers: await sessionCookie(t.app, customer),
    });
    expect(res.statusCode).toBe(200);
    const { intercom_user_jwt: token } = res.json<{ intercom_user_jwt: string }>();
    const { payload } = await jwtVerify(token, new TextEncoder().encode(IDENTITY_SECRET), {
      algorithms: ['HS256'],
    });
    expect(payload).toMatchObject({ user_id: customer.id, email: customer.email });
    expect((payload.exp ?? 0) - Math.floor(Date.now() / 1000)).toBeGreaterThan(3590);
    expect((payload.exp ?? 0) - Math.floor(Date.now() / 1000)).toBeLessThanOrEqual(3600);
  });

  it('tells the browser to show the Messenger of the app id, and nothing secret', async () => {
    const res = await t.app.inject({ method: 'GET', url: apiPaths.chat.settings });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      provider: 'intercom',
      appId: 'abc12def',
      apiBase: 'https://api-iam.intercom.io',
    });
    expect(res.body).not.toContain(IDENTITY_SECRET);
  });

  it.each([CHATBOT_PAGE_PATH, `${CHATBOT_PAGE_PATH}?from=menu`])(
    "%s allows Intercom's origins, and keeps the rest of the portal's policy",
    async (url) => {
      const csp = cspOf((await t.app.inject({ method: 'GET', url })).headers['content-security-policy']);
      expect(csp.get('script-src')).toEqual([
        "'self'",
        'https://app.intercom.io',
        'https://widget.intercom.io',
        'https://js.intercomcdn.com',
      ]);
      expect(csp.get('connect-src')).toEqual(
        expect.arrayContaining([
          "'self'",
          'https://api-iam.intercom.io',
          'wss://nexus-websocket-a.intercom.io',
          'wss://nexus-websocket-b.intercom.io',
        ]),
      );
      expect(csp.get('img-src')).toEqual(
        expect.arrayContaining(["'self'", 'https://static.intercomassets.com']),
      );
      expect(csp.get('font-src')).toEqual(expect.arrayContaining(["'self'", 'https://js.intercomcdn.com']));
      expect(csp.get('media-src')).toEqual(expect.arrayContaining(["'self'", 'https://js.intercomcdn.com']));
      expect(csp.get('frame-src')).toEqual(expect.arrayContaining(["'self'", 'https://intercom-sheets.com']));
      expect(csp.get('script-src-attr')).toEqual(["'none'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'self'"]);
      expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
    },
  );

  it.each(['/', '/sla', '/chatbot-policy', '/chatbotx', apiPaths.helpdesk.me, apiPaths.chat.settings])(
    '%s keeps the portal policy, without Intercom',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(mentionsIntercom(res.headers['content-security-policy'])).toBe(false);
      expect(cspOf(res.headers['content-security-policy']).get('script-src')).toEqual(["'self'"]);
    },
  );
});

describe('without the Intercom settings', () => {
  const t = useTestApp({ seed: false });

  it('/chatbot keeps the portal policy and the browser is told to show the built-in assistant', async () => {
    const page = await t.app.inject({ method: 'GET', url: CHATBOT_PAGE_PATH });
    expect(mentionsIntercom(page.headers['content-security-policy'])).toBe(false);
    expect(cspOf(page.headers['content-security-policy']).get('script-src')).toEqual(["'self'"]);
    const settings = await t.app.inject({ method: 'GET', url: apiPaths.chat.settings });
    expect(settings.json()).toEqual({ provider: 'builtin' });
  });
});
