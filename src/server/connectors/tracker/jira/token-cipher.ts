import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Seals the vendor tokens kept in `connector_grants` with AES-256-GCM under CONNECTOR_TOKEN_KEY: a random 96-bit
 * IV per value, the 128-bit tag checked on opening (a changed value or another key throws). Stored as
 * `v1.<iv>.<tag>.<ciphertext>`, each base64url.
 */
export interface TokenCipher {
  seal(plain: string): string;
  open(sealed: string): string;
}

const IV_BYTES = 12;
const TAG_BYTES = 16;

export function createTokenCipher(keyBase64: string): TokenCipher {
  const key = Buffer.from(keyBase64, 'base64');
  if (key.length !== 32) throw new Error('CONNECTOR_TOKEN_KEY must decode to 32 bytes');
  return {
    seal(plain) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const parts = [iv, cipher.getAuthTag(), data].map((part) => part.toString('base64url'));
      return `v1.${parts.join('.')}`;
    },
    open(sealed) {
      const [version, iv, tag, data] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('not a sealed token');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), {
        authTagLength: TAG_BYTES,
      });
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}
