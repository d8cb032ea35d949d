import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import { storageSigningKeys } from './schema.js';

const KEY_ID = 'download-urls';

/** What a signed URL names: one object, the name it is saved as, and the second it stops working. */
export interface SignedObjectClaims {
  key: string;
  fileName: string;
  /** Unix seconds. */
  expires: number;
}

/** The shared signing key: inserted once (the first instance wins the race), then read by every instance. */
export async function loadSigningKey(db: Database): Promise<Buffer> {
  await db
    .insert(storageSigningKeys)
    .values({ id: KEY_ID, key: new Uint8Array(randomBytes(32)) })
    .onConflictDoNothing();
  const [row] = await db
    .select({ key: storageSigningKeys.key })
    .from(storageSigningKeys)
    .where(eq(storageSigningKeys.id, KEY_ID));
  if (!row) throw new Error('storage: the URL signing key could not be stored');
  return Buffer.from(row.key);
}

/**
 * HMAC-SHA256 over every claim, each length-prefixed so that no two claim sets share a message (a key ending
 * in the start of a file name cannot pass for another split of the same characters).
 */
export function signClaims(signingKey: Buffer, claims: SignedObjectClaims): string {
  const parts = [claims.key, claims.fileName, String(claims.expires)];
  const message = parts.map((part) => `${Buffer.byteLength(part)}:${part}`).join('|');
  return createHmac('sha256', signingKey).update(message).digest('base64url');
}

export type SignatureCheck = 'valid' | 'expired' | 'forged';

/** Checks a signature in constant time, then the expiry (a forged URL says nothing about its expiry). */
export function checkSignature(
  signingKey: Buffer,
  claims: SignedObjectClaims,
  signature: string,
  nowSeconds: number,
): SignatureCheck {
  const expected = Buffer.from(signClaims(signingKey, claims));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'forged';
  return claims.expires < nowSeconds ? 'expired' : 'valid';
}
