import { AUTH_REDIRECTS } from '../../../common/contracts/auth.js';
import { ServiceError } from '../../lib/errors.js';
import type { AuthOptions } from './auth-options.js';
import { createFlow, deleteFlow, findFlow } from './flows.js';
import { markTrackerAuthorized, type ResolvedSession } from './sessions.js';
import { pkceChallenge, randomToken, safeEqual } from '../../lib/tokens.js';
import { isStaff } from './users.js';

/** The tracker sends the browser back here (a page of the web app that calls jira/authenticateCode). */
export const TRACKER_CALLBACK_PATH = '/code';

/** `/jiraAuth`: starts the tracker authorization of a signed-in agent; null = nothing to do (go home). */
export async function beginTrackerAuthorization(
  { db, tracker }: AuthOptions,
  current: ResolvedSession | null,
  input: { origin: string; replacesFlowToken: string | undefined },
): Promise<{ flowToken: string; location: string } | null> {
  if (!current || !isStaff(current.user)) return null;
  const state = randomToken();
  const codeVerifier = randomToken();
  const { token } = await createFlow({
    db,
    kind: 'tracker',
    userId: current.user.id,
    email: current.user.email,
    state,
    codeVerifier,
    replacesToken: input.replacesFlowToken,
  });
  const location = tracker.authorizationUrl({
    redirectUri: `${input.origin}${TRACKER_CALLBACK_PATH}`,
    state,
    codeChallenge: pkceChallenge(codeVerifier),
  });
  return { flowToken: token, location };
}

/** `GET /api/jira/authenticateCode`: the tracker's answer; marks the session tracker-authorized. */
export async function completeTrackerAuthorization(
  { db, tracker }: AuthOptions,
  current: ResolvedSession,
  input: { flowToken: string | undefined; code: string; state: string; origin: string },
): Promise<{ redirect: string }> {
  const flow = await findFlow({ db, token: input.flowToken });
  if (
    !flow ||
    flow.kind !== 'tracker' ||
    !flow.state ||
    !flow.codeVerifier ||
    flow.userId !== current.user.id
  ) {
    throw new ServiceError(
      'UNAUTHENTICATED',
      'The ticketing system authorization has expired. Please start again.',
    );
  }
  if (!safeEqual(input.state, flow.state)) {
    throw new ServiceError(
      'INVALID_INPUT',
      'The authorization answer does not belong to this browser (state mismatch).',
    );
  }
  await deleteFlow({ db, flowId: flow.id });
  await tracker.exchangeCode({
    userId: current.user.id,
    code: input.code,
    codeVerifier: flow.codeVerifier,
    redirectUri: `${input.origin}${TRACKER_CALLBACK_PATH}`,
  });
  await markTrackerAuthorized({ db, sessionId: current.session.id, userId: current.user.id });
  return { redirect: AUTH_REDIRECTS.home };
}
