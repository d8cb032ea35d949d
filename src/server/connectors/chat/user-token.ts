import { randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';
import type { ChatUser } from './types.js';

/** The chat's user JWT lives one hour; the app asks `/api/zendesk/me` for a fresh one. */
export const CHAT_JWT_TTL_SECONDS = 60 * 60;

export type ChatTokenKey = Uint8Array;

/**
 * The key of `CHAT_JWT_SECRET` (the secret shared with the chat service; required in production). Without one
 * a random key of this process is used: tokens work for the demo, and nobody else can verify them.
 */
export function chatTokenKey(secret: string | undefined): ChatTokenKey {
  return secret ? new TextEncoder().encode(secret) : new Uint8Array(randomBytes(32));
}

/** Every chat implementation signs the same token: Intercom's identity verification reads these claims. */
export function signChatUserToken(key: ChatTokenKey, user: ChatUser): Promise<string> {
  return new SignJWT({ user_id: user.id, email: user.email, name: user.name })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime(`${CHAT_JWT_TTL_SECONDS}s`)
    .sign(key);
}
