import { decodeProtectedHeader, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { CHAT_JWT_TTL_SECONDS, createChatTokenSigner } from './chat-token.js';

const user = { id: 'u-1', email: 'casey@example.com', name: 'Casey Customer' };

describe('chat widget JWT', () => {
  it('is HS256 with CHAT_JWT_SECRET, lives one hour and carries user_id, email and name', async () => {
    const secret = 's'.repeat(32);
    const token = await createChatTokenSigner(secret).sign(user);
    expect(decodeProtectedHeader(token).alg).toBe('HS256');
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), { algorithms: ['HS256'] });
    expect(payload).toMatchObject({ user_id: 'u-1', email: 'casey@example.com', name: 'Casey Customer' });
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(CHAT_JWT_TTL_SECONDS);
    expect(CHAT_JWT_TTL_SECONDS).toBe(3600);
  });

  it('without a secret, signs with a random one nobody else knows', async () => {
    const token = await createChatTokenSigner(undefined).sign(user);
    await expect(jwtVerify(token, new TextEncoder().encode('s'.repeat(32)))).rejects.toThrow();
  });
});
