import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import { pkceChallenge, randomToken, safeEqual, sha256Hex } from '../../../lib/tokens.js';
import { ServiceError } from '../../../lib/errors.js';
import type { TrackerConnector } from '../index.js';
import { trackerAuthCodes } from './schema.js';

export const BUILTIN_TRACKER_CLIENT_ID = 'portal';
export const BUILTIN_TRACKER_AUTHORIZE_PATH = '/tracker/authorize';
export const BUILTIN_TRACKER_REDIRECT_PATH = '/code';
const CODE_TTL_MS = 60_000;
const BAD_CODE_MESSAGE = 'The ticketing system authorization code is invalid, expired or already used.';

/** The built-in ticketing system's authorization server: it trusts the portal's own session. */
export function createBuiltinTracker(options: { db: Database }): TrackerConnector {
  const { db } = options;
  return {
    clientId: BUILTIN_TRACKER_CLIENT_ID,

    authorizationUrl(params) {
      const query = new URLSearchParams({
        response_type: 'code',
        client_id: BUILTIN_TRACKER_CLIENT_ID,
        redirect_uri: params.redirectUri,
        scope: 'read',
        state: params.state,
        code_challenge: params.codeChallenge,
        code_challenge_method: 'S256',
      });
      return `${BUILTIN_TRACKER_AUTHORIZE_PATH}?${query.toString()}`;
    },

    async authorize({ params, origin, agentUserId }) {
      const redirectUri = `${origin}${BUILTIN_TRACKER_REDIRECT_PATH}`;
      if (params.client_id !== BUILTIN_TRACKER_CLIENT_ID || params.redirect_uri !== redirectUri) {
        throw new ServiceError('INVALID_INPUT', 'This authorization link names an unknown application.');
      }
      const state = params.state ?? '';
      const back = (query: Record<string, string>): string =>
        `${BUILTIN_TRACKER_REDIRECT_PATH}?${new URLSearchParams({ ...query, state }).toString()}`;
      const challenge = params.code_challenge ?? '';
      if (
        params.response_type !== 'code' ||
        params.code_challenge_method !== 'S256' ||
        !/^[A-Za-z0-9_-]{43,128}$/.test(challenge) ||
        state === ''
      ) {
        return back({ error: 'invalid_request' });
      }
      if (!agentUserId) return back({ error: 'access_denied' });
      const code = randomToken();
      await db.delete(trackerAuthCodes).where(lt(trackerAuthCodes.expiresAt, new Date(Date.now() - 60_000)));
      await db.insert(trackerAuthCodes).values({
        codeHash: sha256Hex(code),
        clientId: BUILTIN_TRACKER_CLIENT_ID,
        redirectUri,
        codeChallenge: challenge,
        userId: agentUserId,
        expiresAt: new Date(Date.now() + CODE_TTL_MS),
      });
      return back({ code });
    },

    async exchangeCode({ code, codeVerifier, redirectUri }) {
      const [grant] = await db
        .update(trackerAuthCodes)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(trackerAuthCodes.codeHash, sha256Hex(code)),
            isNull(trackerAuthCodes.usedAt),
            gt(trackerAuthCodes.expiresAt, new Date()),
          ),
        )
        .returning();
      if (!grant || grant.redirectUri !== redirectUri || grant.clientId !== BUILTIN_TRACKER_CLIENT_ID) {
        throw new ServiceError('UNAUTHENTICATED', BAD_CODE_MESSAGE);
      }
      if (!safeEqual(pkceChallenge(codeVerifier), grant.codeChallenge)) {
        throw new ServiceError(
          'UNAUTHENTICATED',
          'The authorization code was not issued to this browser (PKCE).',
        );
      }
      return { userId: grant.userId };
    },
  };
}
