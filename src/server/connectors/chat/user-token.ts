import { createHmac, createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import type { ChatUser } from './types.js';

/** The chat's user JWT lives one hour; the app asks `/api/zendesk/me` for a fresh one. */
export const CHAT_JWT_TTL_SECONDS = 60 * 60;

export type ChatTokenKey = KeyObject;

/**
 * The key of `CHAT_JWT_SECRET` (the secret shared with the chat service; required in production). Without one
 * a random key of this process is used: tokens work for the demo, and nobody else can verify them.
 */
export function chatTokenKey(secret: string | undefined): ChatTokenKey {
  return createSecretKey(secret ? Buffer.from(secret, 'utf8') : randomBytes(32));
}

/** The protected header of every token, encoded once. */
const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

/**
 * Every chat implementation signs the same token: Intercom's identity verification reads these claims.
 *
 * A compact HS256 JWS (RFC 7515): header, claims and HMAC-SHA256, each base64url. Signed with node:crypto
 * rather than jose, which signs only through WebCrypto: its asynchronous job (and a key import per call) was a
 * quarter of the CPU of a signed-in `/api/zendesk/me`, and every such answer carries a fresh token. The tests
 * verify the tokens with jose (connectors/chat/chat.test.ts).
 */
export async function signChatUserToken(key: ChatTokenKey, user: ChatUser): Promise<string> {
  const iat = Math.floor(Date.now() / 1000);
  const claims = {
    user_id: user.id,
    email: user.email,
    name: user.name,
    iat,
    exp: iat + CHAT_JWT_TTL_SECONDS,
  };
  const input = `${HEADER}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
  return `${input}.${createHmac('sha256', key).update(input).digest('base64url')}`;
}
