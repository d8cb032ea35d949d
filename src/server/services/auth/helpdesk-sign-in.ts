import { AUTH_REDIRECTS } from '../../../common/contracts/auth.js';
import type { AuthLevel } from '../../../common/users.js';
import type { HelpdeskConnector, HelpdeskRole } from '../../connectors/helpdesk/types.js';
import { ServiceError } from '../../lib/errors.js';
import type { AuthOptions } from './auth-options.js';
import { createFlow, deleteFlow, findFlow, updateFlow, type AuthFlow } from './flows.js';
import { fileProvidedId } from './provided-id.js';
import { createSession, type ActiveSession, type ResolvedSession } from './sessions.js';
import { pkceChallenge, randomToken, safeEqual } from '../../lib/tokens.js';
import { findUserById, isStaff, type PortalUser } from './users.js';

/** The help desk sends the browser back here (a page of the web app that calls authCodeGrant). */
export const HELPDESK_CALLBACK_PATH = '/zendeskAuth';

export interface BeginHelpdeskAuthorizationInput {
  /** The browser's flow cookie token, if any. */
  flowToken: string | undefined;
  origin: string;
}

export interface BeginHelpdeskAuthorizationResult {
  /** Where the browser goes: the help desk's authorization page. */
  location: string;
  /** Set when a new flow was started (agents): the route sets the flow cookie. */
  newFlowToken?: string;
}

async function ensureHelpdeskUser(helpdesk: HelpdeskConnector, user: PortalUser, role: HelpdeskRole) {
  // The portal provisions the help desk: an account made before the help desk knew it (an agent created at
  // corporate sign-in, a customer whose createUser call was lost) gets its record on the way in.
  if (await helpdesk.findUser(user.email)) return;
  try {
    await helpdesk.createUser({ email: user.email, name: user.name, role, providedId: user.providedId });
  } catch (error) {
    if (!(error instanceof ServiceError && error.code === 'CONFLICT')) throw error;
  }
}

/**
 * `/zendeskInitAuth`: starts the help desk's authorization for a customer who passed the login call (a
 * customer flow) or an agent signed in through the corporate provider. Fresh state (256 bits) and PKCE
 * verifier go into the flow; null means there is nothing to authorize (the route sends the browser home).
 */
export async function beginHelpdeskAuthorization(
  { db, helpdesk }: AuthOptions,
  /** The browser's session, if any (an agent after the corporate sign-in). */
  current: ResolvedSession | null,
  input: BeginHelpdeskAuthorizationInput,
): Promise<BeginHelpdeskAuthorizationResult | null> {
  const existing = await findFlow({ db, token: input.flowToken });
  let flow: AuthFlow;
  let newFlowToken: string | undefined;
  let role: HelpdeskRole;
  let user: PortalUser | undefined;

  if (existing && existing.kind === 'customer' && existing.userId) {
    flow = existing;
    role = 'customer';
    user = await findUserById(db, existing.userId);
  } else if (current && isStaff(current.user) && current.session.authLevel === 'azureAD') {
    const created = await createFlow({
      db,
      kind: 'agent',
      email: current.user.email,
      userId: current.user.id,
      replacesToken: input.flowToken,
    });
    flow = created.flow;
    newFlowToken = created.token;
    role = 'agent';
    user = current.user;
  } else {
    return null;
  }
  if (!user) return null;

  await ensureHelpdeskUser(helpdesk, user, role);
  const state = randomToken();
  const codeVerifier = randomToken();
  await updateFlow({ db, flowId: flow.id, set: { state, codeVerifier } });
  const location = helpdesk.authorizationUrl({
    redirectUri: `${input.origin}${HELPDESK_CALLBACK_PATH}`,
    state,
    codeChallenge: pkceChallenge(codeVerifier),
    role,
    loginHint: user.email,
  });
  return newFlowToken === undefined ? { location } : { location, newFlowToken };
}

export interface CompleteHelpdeskSignInInput {
  flowToken: string | undefined;
  code: string;
  state: string;
  origin: string;
  /** The browser's current session cookie token: replaced by the new session. */
  currentSessionToken: string | undefined;
}

export interface SignedIn {
  sessionToken: string;
  session: ActiveSession;
  user: PortalUser;
  /** Where the browser goes next. */
  redirect: string;
}

const EXPIRED_FLOW_MESSAGE =
  'Your sign-in has expired or was started in another browser. Please sign in again.';

/**
 * `POST /api/zendesk/authCodeGrant`: the help desk's answer. The state must be the flow's (bound to this
 * browser's flow cookie), the code is exchanged with the flow's PKCE verifier, and the help-desk user must be
 * the one the flow was for. Then a new session replaces any old one and the flow ends.
 */
export async function completeHelpdeskSignIn(
  { db, helpdesk, sessionPolicy }: AuthOptions,
  input: CompleteHelpdeskSignInInput,
): Promise<SignedIn> {
  const flow = await findFlow({ db, token: input.flowToken });
  if (!flow || (flow.kind !== 'customer' && flow.kind !== 'agent') || !flow.state || !flow.codeVerifier) {
    throw new ServiceError('UNAUTHENTICATED', EXPIRED_FLOW_MESSAGE);
  }
  if (!safeEqual(input.state, flow.state)) {
    throw new ServiceError(
      'INVALID_INPUT',
      'The sign-in answer does not belong to this browser (state mismatch).',
    );
  }
  const helpdeskUser = await helpdesk.exchangeCode({
    code: input.code,
    codeVerifier: flow.codeVerifier,
    redirectUri: `${input.origin}${HELPDESK_CALLBACK_PATH}`,
  });
  let user = flow.userId ? await findUserById(db, flow.userId) : undefined;
  const expectedRole: HelpdeskRole = flow.kind === 'agent' ? 'agent' : 'customer';
  if (!user || helpdeskUser.email !== user.email || helpdeskUser.role !== expectedRole) {
    throw new ServiceError(
      'UNAUTHENTICATED',
      'The help desk signed in a different user than this sign-in was for.',
    );
  }
  if (flow.providedId) {
    // The email is proven now: the ID given at login becomes the user's.
    const providedId = await fileProvidedId({
      db,
      userId: user.id,
      email: user.email,
      providedId: flow.providedId,
    });
    user = { ...user, providedId };
  }
  const authLevel: AuthLevel = flow.kind === 'agent' ? 'azureAD' : 'zendesk';
  const { token, session } = await createSession({
    db,
    userId: user.id,
    authLevel,
    policy: sessionPolicy,
    replacesToken: input.currentSessionToken,
  });
  await deleteFlow({ db, flowId: flow.id });
  return {
    sessionToken: token,
    session,
    user,
    redirect: isStaff(user) ? AUTH_REDIRECTS.trackerInit : AUTH_REDIRECTS.home,
  };
}
