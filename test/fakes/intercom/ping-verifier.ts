import { errors, jwtVerify } from 'jose';

/**
 * What Intercom's Messenger service decides about a boot's identity token when "Enforce messenger security" is
 * on (https://developers.intercom.com/installing-intercom/web/identity-verification): the JWT must be signed
 * HS256 with the workspace's Messenger API secret, carry `user_id` ("a token without it is rejected",
 * https://intercom.com/help/en/articles/10589769-authenticating-users-in-the-messenger-with-json-web-tokens-jwts)
 * and not be expired. Intercom's ping endpoint itself is not documented: the fake's widget sends the settings
 * as JSON, and this is the check it answers with.
 */

export type PingVerdict =
  | { accepted: true; userId: string; email: string | undefined; expiresAt: number }
  | { accepted: false; reason: 'missing token' | 'bad signature' | 'expired' | 'no user_id' | 'malformed' };

export async function verifyBootToken(
  token: string | undefined,
  secret: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): Promise<PingVerdict> {
  if (!token) return { accepted: false, reason: 'missing token' };
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), {
      algorithms: ['HS256'],
      currentDate: new Date(nowSeconds * 1000),
    });
    if (typeof payload.user_id !== 'string' || payload.user_id === '')
      return { accepted: false, reason: 'no user_id' };
    return {
      accepted: true,
      userId: payload.user_id,
      email: typeof payload.email === 'string' ? payload.email : undefined,
      expiresAt: payload.exp ?? Number.POSITIVE_INFINITY,
    };
  } catch (error) {
    if (error instanceof errors.JWTExpired) return { accepted: false, reason: 'expired' };
    if (error instanceof errors.JWSSignatureVerificationFailed)
      return { accepted: false, reason: 'bad signature' };
    return { accepted: false, reason: 'malformed' };
  }
}
