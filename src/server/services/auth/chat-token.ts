import { randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';

/** The chat widget's user JWT lives one hour; the app asks `/api/zendesk/me` for a fresh one. */
export const CHAT_JWT_TTL_SECONDS = 60 * 60;

export interface ChatTokenSigner {
  /** An HS256 JWT with the claims the chat widget verifies the user by (user_id, email, name). */
  sign(user: { id: string; email: string; name: string }): Promise<string>;
}

/**
 * Signs with `CHAT_JWT_SECRET` (the secret shared with the chat service; required in production). Without one
 * a random secret of this process is used: tokens work for the demo, and nobody else can verify them.
 */
export function createChatTokenSigner(secret: string | undefined): ChatTokenSigner {
  const key = secret ? new TextEncoder().encode(secret) : new Uint8Array(randomBytes(32));
  return {
    sign(user) {
      return new SignJWT({ user_id: user.id, email: user.email, name: user.name })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuedAt()
        .setExpirationTime(`${CHAT_JWT_TTL_SECONDS}s`)
        .sign(key);
    },
  };
}
