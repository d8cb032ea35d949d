import type {
  AuthCodeGrantOk,
  AuthenticateOk,
  MeResponse,
  SessionUser,
} from '../../common/contracts/auth.js';
import type { ActiveSession } from '../services/auth/sessions.js';
import type { ChatConnector } from '../connectors/chat/types.js';

/** What a presenter needs of the chat: the signed user token (`intercom_user_jwt`). */
type ChatTokens = Pick<ChatConnector, 'signUserToken'>;
import type { PortalUser } from '../services/auth/users.js';

/** The signed-in user as the API shows it: profile fields only, never a hash or a token. */
export function presentSessionUser(user: PortalUser, session: ActiveSession): SessionUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    userType: user.userType,
    allowDownload: user.allowDownload,
    authLevel: session.authLevel,
    trackerAuthorized: session.trackerAuthorized,
    createdAt: user.createdAt.toISOString(),
  };
}

export interface SignedInView {
  user: PortalUser;
  session: ActiveSession;
  redirect: string;
}

/** authCodeGrant and azureAD/authenticateCode answers. */
export async function presentSignedIn(view: SignedInView, chat: ChatTokens): Promise<AuthCodeGrantOk> {
  return {
    userInfo: { user: presentSessionUser(view.user, view.session) },
    intercom_user_jwt: await chat.signUserToken(view.user),
    redirect: view.redirect,
  };
}

/** The credential form's answer: the spec's `userInfo.JWTLogin` and `users[0]`, plus the full user. */
export async function presentAuthenticated(view: SignedInView, chat: ChatTokens): Promise<AuthenticateOk> {
  const { user } = view;
  return {
    userInfo: {
      JWTLogin: true,
      users: [{ name: user.name, email: user.email, id: user.id }],
      user: presentSessionUser(user, view.session),
    },
    intercom_user_jwt: await chat.signUserToken(user),
    redirect: view.redirect,
  };
}

export async function presentMe(
  user: PortalUser,
  session: ActiveSession,
  chat: ChatTokens,
): Promise<MeResponse> {
  return { user: presentSessionUser(user, session), intercom_user_jwt: await chat.signUserToken(user) };
}
