import { decodeProtectedHeader, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { createChatConnector } from './index.js';

const user = { id: 'u-1', email: 'casey@example.com', name: 'Casey Customer' };

describe('chat connector', () => {
  it('signs an HS256 user token with CHAT_JWT_SECRET, one hour long, carrying user_id, email and name', async () => {
    const secret = 's'.repeat(32);
    const token = await createChatConnector({ CHAT_JWT_SECRET: secret }).signUserToken(user);
    expect(decodeProtectedHeader(token).alg).toBe('HS256');
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), { algorithms: ['HS256'] });
    expect(payload).toMatchObject({ user_id: 'u-1', email: 'casey@example.com', name: 'Casey Customer' });
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(3600);
  });

  it('without a secret, signs with a random one nobody else knows', async () => {
    const token = await createChatConnector({ CHAT_JWT_SECRET: undefined }).signUserToken(user);
    await expect(jwtVerify(token, new TextEncoder().encode('s'.repeat(32)))).rejects.toThrow();
  });

  it('is the built-in assistant by default and tells the browser nothing secret', () => {
    const chat = createChatConnector({ CHAT_JWT_SECRET: 's'.repeat(32) });
    expect(chat.provider).toBe('builtin');
    expect(chat.clientSettings()).toEqual({ provider: 'builtin' });
    expect(chat.pageSources).toEqual({});
  });

  describe('Intercom', () => {
    const identitySecret = 'i'.repeat(40);
    const intercom = () =>
      createChatConnector({
        CHAT_JWT_SECRET: 's'.repeat(32),
        INTERCOM_APP_ID: 'abc12def',
        INTERCOM_IDENTITY_SECRET: identitySecret,
      });

    it('is chosen when the app id and the identity secret are both set, and tells the browser the app id only', () => {
      const chat = intercom();
      expect(chat.provider).toBe('intercom');
      expect(chat.clientSettings()).toEqual({
        provider: 'intercom',
        appId: 'abc12def',
        apiBase: 'https://api-iam.intercom.io',
      });
      expect(JSON.stringify(chat.clientSettings())).not.toContain(identitySecret);
      expect(chat.pageSources.scriptSrc).toEqual(
        expect.arrayContaining(['https://widget.intercom.io', 'https://js.intercomcdn.com']),
      );
    });

    it.each([
      ['eu', 'https://api-iam.eu.intercom.io'],
      ['au', 'https://api-iam.au.intercom.io'],
    ] as const)('boots a workspace hosted in %s at its region, %s', (region, apiBase) => {
      const chat = createChatConnector({
        INTERCOM_APP_ID: 'abc12def',
        INTERCOM_IDENTITY_SECRET: identitySecret,
        INTERCOM_REGION: region,
      });
      expect(chat.clientSettings()).toMatchObject({ provider: 'intercom', apiBase });
      // The page's policy lets the Messenger reach it.
      expect(chat.pageSources.connectSrc).toEqual(expect.arrayContaining([apiBase]));
    });

    it('signs intercom_user_jwt with the identity secret: HS256, user_id, email and an exp one hour on', async () => {
      const before = Math.floor(Date.now() / 1000);
      const token = await intercom().signUserToken(user);
      expect(decodeProtectedHeader(token).alg).toBe('HS256');
      const { payload } = await jwtVerify(token, new TextEncoder().encode(identitySecret), {
        algorithms: ['HS256'],
      });
      expect(payload).toMatchObject({ user_id: 'u-1', email: 'casey@example.com' });
      expect(payload.exp).toBeGreaterThanOrEqual(before + 3600);
      expect(payload.exp).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 3600);
      // Not with CHAT_JWT_SECRET: Intercom knows only its own secret.
      await expect(jwtVerify(token, new TextEncoder().encode('s'.repeat(32)))).rejects.toThrow();
    });

    it('is not chosen with one of the two settings (env.ts refuses to start then)', () => {
      expect(createChatConnector({ CHAT_JWT_SECRET: undefined, INTERCOM_APP_ID: 'abc12def' }).provider).toBe(
        'builtin',
      );
    });
  });
});
