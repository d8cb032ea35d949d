import { inArray } from 'drizzle-orm';
import { apiPaths } from '../../../../common/api-paths.js';
import type { Database } from '../../../db/client.js';
import { authorizationCodeStore } from '../../builtin-oauth/authorization-codes.js';
import { ServiceError } from '../../../lib/errors.js';
import type { FullTextOptions } from '../../../lib/fulltext/fulltext-search.js';
import { builtinTrackerRoutes } from './routes.js';
import type { BuiltinTracker } from './types.js';
import { trackerIssues } from './schema.js';
import { createIssueSearch } from './search.js';

export const BUILTIN_TRACKER_CLIENT_ID = 'portal';
export const BUILTIN_TRACKER_AUTHORIZE_PATH = apiPaths.redirects.trackerAuthorize;
export const BUILTIN_TRACKER_REDIRECT_PATH = '/code';
const BAD_CODE_MESSAGE = 'The ticketing system authorization code is invalid, expired or already used.';

/** The built-in ticketing system's authorization server: it trusts the portal's own session. */
export interface BuiltinTrackerOptions {
  db: Database;
  /** The full-text search of its issues. */
  fullText: FullTextOptions;
}

export function createBuiltinTracker(options: BuiltinTrackerOptions): BuiltinTracker {
  const codes = authorizationCodeStore({
    db: options.db,
    issuer: 'tracker',
    invalidMessage: BAD_CODE_MESSAGE,
  });
  const tracker: BuiltinTracker = {
    searchIssues: createIssueSearch(options.fullText),
    // It has no issue page of its own: the portal's search, on its issues, finds the key.
    issueUrl: (key) => `/search?${new URLSearchParams({ q: key, chip: 'jiraIssues' }).toString()}`,
    async issuesByKey(keys) {
      if (keys.length === 0) return [];
      return options.db
        .select({ key: trackerIssues.key, summary: trackerIssues.summary, status: trackerIssues.status })
        .from(trackerIssues)
        .where(inArray(trackerIssues.key, [...keys]));
    },
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
      const code = await codes.issue({
        clientId: BUILTIN_TRACKER_CLIENT_ID,
        redirectUri,
        codeChallenge: challenge,
        subject: agentUserId,
        role: null,
      });
      return back({ code });
    },

    // Its authorization server trusts the portal's session, so a redeemed code is the whole grant: nothing is
    // kept, and every agent's searches read the same issues.
    async exchangeCode({ userId, code, codeVerifier, redirectUri }) {
      const { subject } = await codes.redeem({
        code,
        codeVerifier,
        redirectUri,
        clientId: BUILTIN_TRACKER_CLIENT_ID,
      });
      if (subject !== userId) {
        throw new ServiceError('UNAUTHENTICATED', 'The ticketing system authorized a different user.');
      }
      return { accountId: subject };
    },
  };
  return { ...tracker, routes: builtinTrackerRoutes(tracker) };
}
