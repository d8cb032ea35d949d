import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { chatTokenKey, signChatUserToken } from '../../../src/server/connectors/chat/user-token.js';
import { verifyBootToken } from './ping-verifier';

const SECRET = 'the-workspace-messenger-api-secret';
const user = { id: 'user-1', email: 'ana@example.com', name: 'Ana' };

const signed = (claims: Record<string, unknown>, secret = SECRET) =>
  new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode(secret));

describe("the Intercom fake's ping", () => {
  it("accepts the portal's own token for the signed-in user", async () => {
    const token = await signChatUserToken(chatTokenKey(SECRET), user);
    expect(await verifyBootToken(token, SECRET)).toMatchObject({
      accepted: true,
      userId: 'user-1',
      email: user.email,
    });
  });

  it('rejects a token signed with another secret, an expired one and one without user_id', async () => {
    const now = Math.floor(Date.now() / 1000);
    const other = await signChatUserToken(chatTokenKey('another-workspace-secret'), user);
    expect(await verifyBootToken(other, SECRET)).toEqual({ accepted: false, reason: 'bad signature' });
    const expired = await signed({ user_id: 'user-1', iat: now - 7200, exp: now - 3600 });
    expect(await verifyBootToken(expired, SECRET)).toEqual({ accepted: false, reason: 'expired' });
    const anonymous = await signed({ email: user.email, exp: now + 600 });
    expect(await verifyBootToken(anonymous, SECRET)).toEqual({ accepted: false, reason: 'no user_id' });
    expect(await verifyBootToken(undefined, SECRET)).toEqual({ accepted: false, reason: 'missing token' });
    expect(await verifyBootToken('not.a.jwt', SECRET)).toEqual({ accepted: false, reason: 'malformed' });
  });

  it("rejects the portal's token once it has expired", async () => {
    const token = await signChatUserToken(chatTokenKey(SECRET), user);
    const later = Math.floor(Date.now() / 1000) + 3601;
    expect(await verifyBootToken(token, SECRET, later)).toEqual({ accepted: false, reason: 'expired' });
  });
});
