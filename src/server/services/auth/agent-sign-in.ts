import { hash, verify } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { AUTH_REDIRECTS, INVALID_CREDENTIALS_MESSAGE } from '../../../common/contracts/auth.js';
import { users } from '../../db/schema/index.js';
import { ServiceError } from '../../lib/errors.js';
import type { AuthOptions } from './auth-options.js';
import { createFlow, deleteFlow, findFlow } from './flows.js';
import type { SignedIn } from './helpdesk-sign-in.js';
import { createSession } from './sessions.js';
import { pkceChallenge, randomToken, safeEqual } from '../../lib/tokens.js';
import { agentOfIdentity } from './identity-links.js';
import { isCorporateEmail, normalizeEmail } from '../../../common/users.js';
import { findUserByEmail, isStaff } from './users.js';
import { syncStaffRole } from './staff-role-sync.js';

/** The identity provider sends the popup back here (a page of the web app that calls authenticateCode). */
export const OIDC_CALLBACK_PATH = '/login/callback';

/** argon2id with the library's defaults (OWASP's minimum: m=19 MiB, t=2, p=1). */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

let dummyHash: Promise<string> | undefined;
/** A hash to verify against when the account does not exist, so timing does not tell who has one. */
function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hash(randomToken());
  return dummyHash;
}

/**
 * `GET /api/azureAD/login`: starts the corporate popup sign-in. State, nonce and PKCE verifier go into a new
 * flow bound to the browser by the flow cookie.
 */
export async function beginOidcSignIn(
  { db, identity }: AuthOptions,
  input: { origin: string; replacesFlowToken: string | undefined },
): Promise<{ flowToken: string; location: string }> {
  if (!identity.enabled) {
    throw new ServiceError('NOT_FOUND', 'Corporate sign-in is not configured on this portal.');
  }
  const state = randomToken();
  const nonce = randomToken();
  const codeVerifier = randomToken();
  // Discovery first: if the provider is down, no flow is left behind.
  const location = await identity.authorizationUrl({
    redirectUri: `${input.origin}${OIDC_CALLBACK_PATH}`,
    state,
    nonce,
    codeChallenge: pkceChallenge(codeVerifier),
  });
  const { token } = await createFlow({
    db,
    kind: 'oidc',
    state,
    nonce,
    codeVerifier,
    replacesToken: input.replacesFlowToken,
  });
  return { flowToken: token, location };
}

/**
 * `GET /api/azureAD/authenticateCode`: completes the popup sign-in. openid-client checks issuer, audience,
 * nonce, state and PKCE; the address must be of the corporate domain. The agent is found by the account's
 * issuer and subject, or at the first sign-in by a verified address (keeping the role on file), or created
 * with role agent. When an admin rule is set (OIDC_ADMIN_ROLE or OIDC_ADMIN_GROUP) it decides agent or admin
 * at every sign-in. The user gets a session of auth level azureAD, and the help-desk step follows.
 */
export async function completeOidcSignIn(
  { db, identity, corporateEmailDomain, sessionPolicy }: AuthOptions,
  input: {
    flowToken: string | undefined;
    callbackParams: Record<string, string>;
    origin: string;
    currentSessionToken: string | undefined;
    /** Where the role changes of the admin rule are logged. */
    log: FastifyBaseLogger;
  },
): Promise<SignedIn> {
  const flow = await findFlow({ db, token: input.flowToken });
  if (!flow || flow.kind !== 'oidc' || !flow.state || !flow.nonce || !flow.codeVerifier) {
    throw new ServiceError('UNAUTHENTICATED', 'Your sign-in has expired or was started in another browser.');
  }
  if (!safeEqual(input.callbackParams.state ?? '', flow.state)) {
    throw new ServiceError(
      'INVALID_INPUT',
      'The sign-in answer does not belong to this browser (state mismatch).',
    );
  }
  // One try per flow: whatever the outcome, the state, nonce and verifier are not reused.
  await deleteFlow({ db, flowId: flow.id });
  const claims = await identity.completeAuthorization({
    redirectUri: `${input.origin}${OIDC_CALLBACK_PATH}`,
    callbackParams: input.callbackParams,
    expectedState: flow.state,
    expectedNonce: flow.nonce,
    codeVerifier: flow.codeVerifier,
  });
  if (!isCorporateEmail(claims.email, corporateEmailDomain)) {
    throw new ServiceError('FORBIDDEN', 'Only corporate accounts may use the agent sign-in.');
  }
  const user = await syncStaffRole(db, await agentOfIdentity(db, claims), claims, input.log);
  const { token, session } = await createSession({
    db,
    userId: user.id,
    authLevel: 'azureAD',
    policy: sessionPolicy,
    replacesToken: input.currentSessionToken,
  });
  return { sessionToken: token, session, user, redirect: AUTH_REDIRECTS.helpdeskInit };
}

/**
 * `POST /api/zendesk/authenticate`: the credential form of built-in agent and admin accounts. The password is
 * checked with argon2 even for unknown addresses (against a dummy hash), so the answer time tells nothing.
 */
export async function authenticateWithPassword(
  { db, sessionPolicy }: AuthOptions,
  input: { email: string; password: string; currentSessionToken: string | undefined },
): Promise<SignedIn> {
  const [row] = await db
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.email, normalizeEmail(input.email)))
    .limit(1);
  const stored = row?.passwordHash ?? (await dummyPasswordHash());
  let valid = false;
  try {
    valid = await verify(stored, input.password);
  } catch {
    valid = false;
  }
  const user = valid && row?.passwordHash ? await findUserByEmail(db, input.email) : undefined;
  if (!user || !isStaff(user)) throw new ServiceError('UNAUTHENTICATED', INVALID_CREDENTIALS_MESSAGE);
  const { token, session } = await createSession({
    db,
    userId: user.id,
    authLevel: 'zendesk',
    policy: sessionPolicy,
    replacesToken: input.currentSessionToken,
  });
  return { sessionToken: token, session, user, redirect: AUTH_REDIRECTS.trackerInit };
}
