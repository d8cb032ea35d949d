import { apiPaths } from '../api-paths.js';
import { AUTH_LEVELS, ROLES, USER_TYPES, type AuthLevel, type Role, type UserType } from '../users.js';
import { z } from 'zod';
import { storableText } from './text.js';
import type { AuthCode } from '../auth-codes.js';

/**
 * Sign-in, signup and session calls (spec sections 3, 4, 5, 7 and 8). The server answers with stable codes;
 * `auth-messages.ts` turns an answer into the words of spec section 8, on the page and in the API tests.
 *
 * Wire format, fixed by the spec where it names it:
 *  - POST /api/auth/login        {email, providedId?}                 -> 200 LoginOk | error (codes below)
 *  - POST /api/auth/signup       {email, name, providedId?, verified} -> 200 SignupOk | error
 *  - POST /api/zendesk/createUser {user: {email, name, providedId?, verified}} -> 200 | 409 on failure
 *  - GET  /zendeskInitAuth (server redirect to the help desk's authorization page)
 *  - POST /api/zendesk/authCodeGrant?code=&state=                     -> 200 AuthCodeGrantOk (creates session)
 *  - POST /api/zendesk/authenticate {user, pass, username, loginType} -> 200 AuthenticateOk (creates session)
 *  - GET  /api/azureAD/login (popup start), /login/callback, GET /api/azureAD/authenticateCode?code=&state=
 *  - GET  /jiraAuth (server redirect), GET /api/jira/authenticateCode?code=&state=
 *  - GET  /api/zendesk/me                                             -> 200 MeResponse | 401 {event:'logout'}
 *  - POST /api/aggregator/logoutCustomer, GET /api/azureAD/logoutAzureAD -> 200 {status:'OK'}
 */

export { AUTH_CODES, type AuthCode } from '../auth-codes.js';

/**
 * HTTP status of each code. 400 is reserved for CONTROLLER_ID_REQUIRED (and zod's own 400s), because the
 * login modal shows the ID field on any 400 (spec section 4).
 */
export const AUTH_CODE_STATUS: Record<AuthCode, number> = {
  USER_NOT_EXISTS: 404,
  INVALID_EMAIL_ID: 403,
  INVALID_CONTROLLER_ID: 422,
  CONTROLLER_ID_REQUIRED: 400,
  ID_NOT_FOUND: 404,
  EMAIL_EXISTS: 409,
  RATE_LIMITED: 429,
  USE_AGENT_LOGIN: 403,
};

/** Body of a refused login or signup: `message` is one of AUTH_CODES (or a sentence for other errors). */
export const authErrorSchema = z.object({ error: z.string(), message: z.string() });

/** A Controller ID or Customer ID: `CUST-` and digits, or a controller id such as `CTRL-0A1B2C3D`. */
export const PROVIDED_ID_PATTERN = /^(CUST-\d{4,10}|CTRL-[0-9A-F]{8})$/;

const email = storableText().trim().max(254);
const providedId = storableText().trim().max(64).optional();

const loginRequestSchema = z.object({ email, providedId });
export type LoginRequest = z.infer<typeof loginRequestSchema>;
/** Success: the browser goes to `redirect` (the help-desk authorization, `/zendeskInitAuth`). */
export const loginOkSchema = z.object({ status: z.literal('OK'), redirect: z.string() });

const signupRequestSchema = z.object({
  email,
  name: storableText().trim().max(200),
  providedId,
  verified: z.literal(true),
});
export type SignupRequest = z.infer<typeof signupRequestSchema>;
export const signupOkSchema = z.object({ status: z.literal('OK') });

const userTypeSchema = z.enum(USER_TYPES);
const roleSchema = z.enum(ROLES);
const authLevelSchema = z.enum(AUTH_LEVELS);
export type { AuthLevel, Role, UserType };

/** The signed-in user as the API presents it; never a token, never a password hash. */
const sessionUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: roleSchema,
  userType: userTypeSchema,
  allowDownload: z.boolean(),
  authLevel: authLevelSchema,
  /** Whether the agent has also authorized the ticketing system (the /jiraAuth step). */
  trackerAuthorized: z.boolean(),
  /** ISO 8601; the chat widget is told when the user was created (spec section 2, /chatbot). */
  createdAt: z.string(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const authCodeGrantOkSchema = z.object({
  userInfo: z.object({ user: sessionUserSchema }),
  /** A short-lived JWT for the chat widget; kept in memory by the app, never in browser storage. */
  intercom_user_jwt: z.string(),
  /** Where the browser goes next: `/` for customers, `/jiraAuth` for agents. */
  redirect: z.string(),
});
export type AuthCodeGrantOk = z.infer<typeof authCodeGrantOkSchema>;

const authenticateRequestSchema = z.object({
  user: storableText().trim().max(254),
  pass: storableText().max(200),
  username: storableText().trim().max(254).optional(),
  loginType: storableText().max(40).optional(),
});
export type AuthenticateRequest = z.infer<typeof authenticateRequestSchema>;
export const authenticateOkSchema = z.object({
  userInfo: z.object({
    /** True: the session cookie now holds a signed-in session (the JWT itself stays on the server). */
    JWTLogin: z.literal(true),
    users: z.array(z.object({ name: z.string(), email: z.string(), id: z.string() })).min(1),
    user: sessionUserSchema,
  }),
  intercom_user_jwt: z.string(),
  redirect: z.string(),
});
export type AuthenticateOk = z.infer<typeof authenticateOkSchema>;

export const meResponseSchema = z.object({ user: sessionUserSchema, intercom_user_jwt: z.string() });
export type MeResponse = z.infer<typeof meResponseSchema>;
/** The 401 of any call whose session is gone: the app turns it into the forced logout of spec section 4. */
/** Help-desk authorization page (built-in help desk), `/helpdesk/authorize?...OAuth params`. */
export const helpdeskStartRequestSchema = z.object({
  response_type: z.literal('code'),
  client_id: storableText().max(100),
  redirect_uri: storableText().max(500),
  scope: storableText().max(100),
  state: storableText().min(16).max(200),
  code_challenge: storableText().min(43).max(128),
  code_challenge_method: z.literal('S256'),
  role: userTypeSchema,
  login_hint: storableText().max(254),
});
export type HelpdeskStartRequest = z.infer<typeof helpdeskStartRequestSchema>;
/** POST /api/helpdesk/authorize/start: the code is emailed; the page shows where it went. */
export const helpdeskStartOkSchema = z.object({ requestId: z.string(), sentTo: z.string() });
/** POST /api/helpdesk/authorize/verify {requestId, code}: the browser then goes to `redirect`. */
export const helpdeskVerifyRequestSchema = z.object({
  requestId: storableText().max(100),
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'The one-time code has six digits.'),
});
export const helpdeskVerifyOkSchema = z.object({ redirect: z.string() });

// ---------------------------------------------------------------------------------------------------------
// ---------------------------------------------------------------------------------------------------------

/** Where the server sends the browser next (`redirect` fields and server redirects). */
export const AUTH_REDIRECTS = {
  /** Starts the help-desk authorization (server route). */
  helpdeskInit: apiPaths.redirects.helpdeskInit,
  /** Starts the ticketing system authorization (server route; agents and admins). */
  trackerInit: apiPaths.redirects.trackerInit,
  home: '/',
} as const;

const requiredEmail = email.min(1, 'Email is required.');

/**
 * What `POST /api/auth/login` accepts: the form shape above plus "email not blank" (a blank email is a 400
 * naming `body.email`). Any non-blank string is looked up; one that is no user's address is USER_NOT_EXISTS.
 */
export const loginApiRequestSchema = loginRequestSchema.extend({ email: requiredEmail });

/** What `POST /api/auth/signup` (and the `user` of createUser) accepts: email (a valid address) and name required. */
export const signupApiRequestSchema = signupRequestSchema.extend({
  email: requiredEmail.pipe(z.email('Email is not a valid address.')),
  name: storableText().trim().min(1, 'Name is required.').max(200),
});
export const createUserApiRequestSchema = z.object({ user: signupApiRequestSchema });

/** What `POST /api/zendesk/authenticate` accepts: user and password must not be empty (400 otherwise). */
export const authenticateApiRequestSchema = authenticateRequestSchema.extend({
  user: storableText().trim().min(1, 'User is required.').max(254),
  pass: storableText().min(1, 'Password is required.').max(200),
});
/** The 401 message of a refused credential sign-in (spec section 8, "Credentials are invalid."). */
export const INVALID_CREDENTIALS_MESSAGE = 'Credentials are invalid.';

/** `{status: 'OK'}`: logout calls and `POST /api/zendesk/createUser`. */
export const statusOkSchema = z.object({ status: z.literal('OK') });

/**
 * Query of the OAuth callbacks the web pages forward to the API: `/zendeskAuth` -> authCodeGrant, `/code` ->
 * jira/authenticateCode, `/login/callback` -> azureAD/authenticateCode. Forward `iss` too when the identity
 * provider sends it (RFC 9207: openid-client then requires it). An `error` parameter is for the page itself.
 */
export const oauthCallbackQuerySchema = z.object({
  code: storableText().min(1).max(2048),
  state: storableText().min(1).max(512),
  iss: storableText().max(2048).optional(),
  session_state: storableText().max(2048).optional(),
});
export type OAuthCallbackQuery = z.infer<typeof oauthCallbackQuerySchema>;

/** `GET /api/azureAD/authenticateCode`: the agent now has a session; the browser goes to `redirect`. */
export const azureAdAuthenticateOkSchema = authCodeGrantOkSchema;
export type AzureAdAuthenticateOk = AuthCodeGrantOk;

/** `GET /api/jira/authenticateCode`: the session is now tracker-authorized; the browser goes to `redirect`. */
export const trackerAuthenticateOkSchema = z.object({ redirect: z.string() });

/**
 * `GET /api/auth/providers`: which sign-in methods this portal offers. `oidc` is false when no corporate
 * identity provider is configured: the agent modal then hides the popup button and shows the credential form.
 */
export const authProvidersSchema = z.object({ oidc: z.boolean() });
export type AuthProviders = z.infer<typeof authProvidersSchema>;
