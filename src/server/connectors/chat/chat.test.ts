import { decodeProtectedHeader, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { createChatConnector } from './index.js';
import { CHAT_JWT_TTL_SECONDS } from './user-token.js';

const user = { id: 'u-1', email: 'casey@example.com', name: 'Casey Customer' };

describe('chat connector', () => {
  it('signs an HS256 user token with CHAT_JWT_SECRET, one hour long, carrying user_id, email and name', async () => {
    const secret = 's'.repeat(32);
    const token = await createChatConnector({ chatJwtSecret: secret }).signUserToken(user);
    expect(decodeProtectedHeader(token).alg).toBe('HS256');
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), { algorithms: ['HS256'] });
    expect(payload).toMatchObject({ user_id: 'u-1', email: 'casey@example.com', name: 'Casey Customer' });
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(CHAT_JWT_TTL_SECONDS);
    expect(CHAT_JWT_TTL_SECONDS).toBe(3600);
  });

  it('without a secret, signs with a random one nobody else knows', async () => {
    const token = await createChatConnector({ chatJwtSecret: undefined }).signUserToken(user);
    await expect(jwtVerify(token, new TextEncoder().encode('s'.repeat(32)))).rejects.toThrow();
  });

  it('is the built-in assistant by default and tells the browser nothing secret', () => {
    const chat = createChatConnector({ chatJwtSecret: 's'.repeat(32) });
    expect(chat.provider).toBe('builtin');
    expect(chat.clientSettings()).toEqual({ provider: 'builtin' });
  });
});
