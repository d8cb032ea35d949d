import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A random token of 256 bits, URL-safe: session and flow cookies, OAuth state, codes. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Hex SHA-256: what the database keeps instead of a token, so a read of the table yields nothing usable. */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** PKCE S256 challenge of a verifier (RFC 7636). */
export function pkceChallenge(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

/** Compares two strings in time independent of where they differ (hash first, so lengths leak nothing). */
export function safeEqual(a: string, b: string): boolean {
  return timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());
}
