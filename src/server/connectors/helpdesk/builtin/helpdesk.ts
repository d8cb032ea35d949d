import { normalizeEmail } from '../../../../common/users.js';
import { randomInt } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { ServiceError } from '../../../lib/errors.js';
import { authorizationCodeStore } from '../../builtin-oauth/authorization-codes.js';
import { randomToken, safeEqual, sha256Hex } from '../../../lib/tokens.js';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/client.js';
import type { Mailer } from '../../../mail/mailer.js';
import type { HelpdeskAuthorizationParams, HelpdeskUser } from '../types.js';
import {
  type OneTimeCodeLimits,
  recordEvent,
  sweepEvents,
  tallyAddress,
  tooManyCodes,
  tooManyWrongCodes,
  tooManyWrongCodesSentence,
  withAddressLock,
} from './address-limits.js';
import { helpdeskAuthRequests, helpdeskUsers } from './schema.js';
import { builtinHelpdeskRoutes } from './routes.js';
import type { BuiltinHelpdesk } from './types.js';

/** The portal's registration at the built-in help desk. */
export const BUILTIN_HELPDESK_CLIENT_ID = 'portal';
/** The one redirect URI registered for the portal, on the portal's own origin. */
export const BUILTIN_HELPDESK_REDIRECT_PATH = '/zendeskAuth';
/** The help desk's authorization page (a page of the web app, backed by the routes in ./routes.ts). */
export const BUILTIN_HELPDESK_AUTHORIZE_PATH = '/helpdesk/authorize';
export const BUILTIN_HELPDESK_SCOPE = 'read';

export const ONE_TIME_CODE_TTL_MS = 10 * 60_000;
export const ONE_TIME_CODE_MAX_ATTEMPTS = 5;

const DEAD_REQUEST_MESSAGE =
  'This code has expired or can no longer be used. Please start the sign-in again.';
const BAD_AUTHORIZATION_CODE_MESSAGE = 'The authorization code is invalid, expired or already used.';

/** `casey@example.com` -> `c***y@example.com`: enough for the user to recognise, not to harvest. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  const local = email.slice(0, at);
  const masked = local.length <= 2 ? `${local[0] ?? ''}***` : `${local[0]}***${local[local.length - 1]}`;
  return `${masked}${email.slice(at)}`;
}

function sixDigitCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

function codeHash(requestId: string, code: string): string {
  return sha256Hex(`${requestId}:${code}`);
}

/**
 * The answer to a wrong code, with what is left: of the code's own attempts, and of the address's wrong codes
 * in the window (the smaller counts, so that starting again gives no fresh guesses).
 */
function wrongCodeRefusal(options: {
  leftForCode: number;
  leftForAddress: number;
  /** What to say once the address has none left. */
  spent: string;
}): ServiceError {
  const { leftForCode, leftForAddress } = options;
  if (leftForAddress <= 0) {
    return new ServiceError('UNAUTHENTICATED', `The code is not correct. ${options.spent}`);
  }
  if (leftForCode <= 0) {
    return new ServiceError(
      'UNAUTHENTICATED',
      'The code is not correct. No attempts left: please start the sign-in again.',
    );
  }
  const left = Math.min(leftForCode, leftForAddress);
  return new ServiceError(
    'UNAUTHENTICATED',
    `The code is not correct. ${left} ${left === 1 ? 'attempt' : 'attempts'} left.`,
  );
}

function toUser(row: typeof helpdeskUsers.$inferSelect): HelpdeskUser {
  return { email: row.email, name: row.name, role: row.role, providedId: row.providedId };
}

/**
 * The built-in help desk's user records and OAuth authorization server, on the portal's own database. It
 * authenticates a user by a one-time code emailed to the address being signed in.
 */
export interface BuiltinHelpdeskOptions {
  db: Database;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** Product name for the one-time code mail. */
  productName: string;
  codeLimits: OneTimeCodeLimits;
}

export function createBuiltinHelpdesk(options: BuiltinHelpdeskOptions): BuiltinHelpdesk {
  const { db, mailer, log, productName, codeLimits } = options;

  async function findUser(email: string): Promise<HelpdeskUser | undefined> {
    const [row] = await db
      .select()
      .from(helpdeskUsers)
      .where(eq(helpdeskUsers.email, normalizeEmail(email)))
      .limit(1);
    return row ? toUser(row) : undefined;
  }

  const codes = authorizationCodeStore({
    db,
    issuer: 'helpdesk',
    invalidMessage: BAD_AUTHORIZATION_CODE_MESSAGE,
  });

  const helpdesk: BuiltinHelpdesk = {
    clientId: BUILTIN_HELPDESK_CLIENT_ID,

    authorizationUrl(params: HelpdeskAuthorizationParams): string {
      const query = new URLSearchParams({
        response_type: 'code',
        client_id: BUILTIN_HELPDESK_CLIENT_ID,
        redirect_uri: params.redirectUri,
        scope: BUILTIN_HELPDESK_SCOPE,
        state: params.state,
        code_challenge: params.codeChallenge,
        code_challenge_method: 'S256',
        role: params.role,
        login_hint: params.loginHint,
      });
      return `${BUILTIN_HELPDESK_AUTHORIZE_PATH}?${query.toString()}`;
    },

    async startAuthorization({ params, origin }) {
      if (params.client_id !== BUILTIN_HELPDESK_CLIENT_ID) {
        throw new ServiceError('INVALID_INPUT', 'This sign-in link names an unknown application.');
      }
      if (params.redirect_uri !== `${origin}${BUILTIN_HELPDESK_REDIRECT_PATH}`) {
        throw new ServiceError(
          'INVALID_INPUT',
          'This sign-in link returns to an address that is not registered.',
        );
      }
      if (params.scope.split(' ').some((scope) => scope !== BUILTIN_HELPDESK_SCOPE)) {
        throw new ServiceError(
          'INVALID_INPUT',
          'This sign-in link asks for access the help desk does not grant.',
        );
      }
      const email = normalizeEmail(params.login_hint);
      const requestId = randomToken();
      const code = sixDigitCode();
      const now = new Date();
      // Old requests are dead weight; sweeping them here keeps the table small without a scheduler.
      await db
        .delete(helpdeskAuthRequests)
        .where(lt(helpdeskAuthRequests.expiresAt, new Date(now.getTime() - 60_000)));
      await sweepEvents({ db, limits: codeLimits, now });
      // Counted before knowing whether the address has an account: both get the same answers.
      await withAddressLock(db, email, async (tx) => {
        const tally = { db: tx, email, limits: codeLimits, now };
        const wrongCodes = await tallyAddress({ ...tally, kind: 'wrong_code' });
        if (wrongCodes.count >= codeLimits.wrongCodesPerAddress) {
          throw tooManyWrongCodes(wrongCodes, codeLimits, now);
        }
        const codes = await tallyAddress({ ...tally, kind: 'code' });
        if (codes.count >= codeLimits.codesPerAddress) throw tooManyCodes(codes, codeLimits, now);
        await recordEvent({ db: tx, email, kind: 'code', now });
        // One live code per address: an earlier one still pending dies, so guesses always aim at one code.
        await tx
          .update(helpdeskAuthRequests)
          .set({ expiresAt: now })
          .where(
            and(
              eq(helpdeskAuthRequests.email, email),
              isNull(helpdeskAuthRequests.usedAt),
              gt(helpdeskAuthRequests.expiresAt, now),
            ),
          );
        await tx.insert(helpdeskAuthRequests).values({
          id: requestId,
          clientId: params.client_id,
          redirectUri: params.redirect_uri,
          state: params.state,
          codeChallenge: params.code_challenge,
          email,
          role: params.role,
          codeHash: codeHash(requestId, code),
          createdAt: now,
          expiresAt: new Date(now.getTime() + ONE_TIME_CODE_TTL_MS),
        });
      });
      const user = await findUser(email);
      if (user && user.role === params.role) {
        try {
          await mailer.send({
            to: email,
            subject: `Your ${productName} support portal sign-in code`,
            text:
              `Your one-time code is ${code}\n\n` +
              `Enter it on the sign-in page within 10 minutes. It works once.\n` +
              `If you did not try to sign in to the ${productName} support portal, ignore this message.\n`,
          });
        } catch (error) {
          throw new ServiceError('UNAVAILABLE', 'The one-time code could not be sent.', { cause: error });
        }
      } else {
        // Same answer as for a known address, so the page cannot be used to find out who has an account.
        log.info(
          { role: params.role },
          'help-desk authorization for an address without a matching user: no mail',
        );
      }
      return { requestId, sentTo: maskEmail(email) };
    },

    async verifyOneTimeCode({ requestId, code }) {
      const [pending] = await db
        .select({ email: helpdeskAuthRequests.email })
        .from(helpdeskAuthRequests)
        .where(eq(helpdeskAuthRequests.id, requestId))
        .limit(1);
      if (!pending) throw new ServiceError('INVALID_INPUT', DEAD_REQUEST_MESSAGE);
      const { email } = pending;
      const now = new Date();
      // Under the address's lock, concurrent guesses (at this code or at a newer one of the same address)
      // are counted one after the other and cannot slip past either limit. The refusal is thrown after the
      // transaction, so that the wrong code it counted is kept.
      const outcome = await withAddressLock(db, email, async (tx) => {
        const [request] = await tx
          .select()
          .from(helpdeskAuthRequests)
          .where(
            and(
              eq(helpdeskAuthRequests.id, requestId),
              isNull(helpdeskAuthRequests.usedAt),
              lt(helpdeskAuthRequests.attempts, ONE_TIME_CODE_MAX_ATTEMPTS),
              gt(helpdeskAuthRequests.expiresAt, now),
            ),
          );
        if (!request) return { refusal: new ServiceError('INVALID_INPUT', DEAD_REQUEST_MESSAGE) };
        const wrongCodes = await tallyAddress({ db: tx, email, kind: 'wrong_code', limits: codeLimits, now });
        if (wrongCodes.count >= codeLimits.wrongCodesPerAddress) {
          return { refusal: tooManyWrongCodes(wrongCodes, codeLimits, now) };
        }
        if (!safeEqual(request.codeHash, codeHash(requestId, code))) {
          await tx
            .update(helpdeskAuthRequests)
            .set({ attempts: sql`${helpdeskAuthRequests.attempts} + 1` })
            .where(eq(helpdeskAuthRequests.id, requestId));
          await recordEvent({ db: tx, email, kind: 'wrong_code', now });
          const leftForCode = ONE_TIME_CODE_MAX_ATTEMPTS - request.attempts - 1;
          const leftForAddress = codeLimits.wrongCodesPerAddress - wrongCodes.count - 1;
          const spent = tooManyWrongCodesSentence(
            { count: wrongCodes.count + 1, oldest: wrongCodes.oldest ?? now },
            codeLimits,
            now,
          );
          return { refusal: wrongCodeRefusal({ leftForCode, leftForAddress, spent }) };
        }
        await tx
          .update(helpdeskAuthRequests)
          .set({ usedAt: now })
          .where(eq(helpdeskAuthRequests.id, requestId));
        return { request };
      });
      if ('refusal' in outcome) throw outcome.refusal;
      const { request } = outcome;

      const authorizationCode = await codes.issue({
        clientId: request.clientId,
        redirectUri: request.redirectUri,
        codeChallenge: request.codeChallenge,
        subject: request.email,
        role: request.role,
      });
      const target = new URL(request.redirectUri);
      target.searchParams.set('code', authorizationCode);
      target.searchParams.set('state', request.state);
      // The redirect URI is on the portal's own origin (checked at start), so a path is all the page needs.
      return { redirect: `${target.pathname}${target.search}` };
    },

    async exchangeCode({ code, codeVerifier, redirectUri }) {
      const grant = await codes.redeem({
        code,
        codeVerifier,
        redirectUri,
        clientId: BUILTIN_HELPDESK_CLIENT_ID,
      });
      const user = await findUser(grant.subject);
      if (!user || user.role !== grant.role) {
        throw new ServiceError('UNAUTHENTICATED', BAD_AUTHORIZATION_CODE_MESSAGE);
      }
      return user;
    },

    async createUser(input) {
      const [row] = await db
        .insert(helpdeskUsers)
        .values({
          email: normalizeEmail(input.email),
          name: input.name,
          role: input.role,
          providedId: input.providedId,
        })
        .onConflictDoNothing({ target: helpdeskUsers.email })
        .returning();
      if (!row) throw new ServiceError('CONFLICT', 'The help desk already has a user with this email.');
      return toUser(row);
    },

    findUser,
  };
  return { ...helpdesk, routes: builtinHelpdeskRoutes(helpdesk) };
}
