import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { ServiceError } from '../../lib/errors.js';
import { pkceChallenge, randomToken, safeEqual, sha256Hex } from '../../lib/tokens.js';
import { authorizationCodes } from './schema.js';

/** A code lives a minute: the browser is sent straight back to the portal, which redeems it at once. */
export const AUTHORIZATION_CODE_TTL_MS = 60_000;

export type CodeIssuer = (typeof authorizationCodes.$inferInsert)['issuer'];

export interface CodeGrant {
  clientId: string;
  redirectUri: string;
  /** PKCE S256 challenge the redeeming verifier must match. */
  codeChallenge: string;
  subject: string;
  role: string | null;
}

export interface RedeemInput {
  code: string;
  codeVerifier: string;
  /** Must equal the redirect URI of the authorization (RFC 6749 section 4.1.3). */
  redirectUri: string;
  /** The client the issuer registered the portal under. */
  clientId: string;
}

export interface AuthorizationCodeStore {
  /** Stores a new code for the grant and answers it (only its hash is kept). */
  issue(grant: CodeGrant): Promise<string>;
  /**
   * Redeems a code once: it is spent before any other check, so a code that met a wrong verifier gets no
   * second chance. Throws ServiceError UNAUTHENTICATED for an unknown, used or expired code, another client
   * or redirect URI, or a verifier that does not match the challenge.
   */
  redeem(input: RedeemInput): Promise<{ subject: string; role: string | null }>;
}

const PKCE_MESSAGE = 'The authorization code was not issued to this browser (PKCE).';

/**
 * The single-use, PKCE-checked authorization codes of one built-in authorization server (help desk or
 * tracker), in one table for both. `invalidMessage` is what that server says about a bad code.
 */
export function authorizationCodeStore(options: {
  db: Database;
  issuer: CodeIssuer;
  invalidMessage: string;
}): AuthorizationCodeStore {
  const { db, issuer } = options;
  const refuse = (message = options.invalidMessage) => new ServiceError('UNAUTHENTICATED', message);
  return {
    async issue(grant) {
      const code = randomToken();
      // Expired codes are swept as new ones are issued; a minute of grace keeps the row of a code in flight.
      await db
        .delete(authorizationCodes)
        .where(lt(authorizationCodes.expiresAt, new Date(Date.now() - 60_000)));
      await db.insert(authorizationCodes).values({
        codeHash: sha256Hex(code),
        issuer,
        ...grant,
        expiresAt: new Date(Date.now() + AUTHORIZATION_CODE_TTL_MS),
      });
      return code;
    },

    async redeem({ code, codeVerifier, redirectUri, clientId }) {
      const [grant] = await db
        .update(authorizationCodes)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(authorizationCodes.codeHash, sha256Hex(code)),
            eq(authorizationCodes.issuer, issuer),
            isNull(authorizationCodes.usedAt),
            gt(authorizationCodes.expiresAt, new Date()),
          ),
        )
        .returning();
      if (!grant || grant.clientId !== clientId || grant.redirectUri !== redirectUri) throw refuse();
      if (!safeEqual(pkceChallenge(codeVerifier), grant.codeChallenge)) throw refuse(PKCE_MESSAGE);
      return { subject: grant.subject, role: grant.role };
    },
  };
}
