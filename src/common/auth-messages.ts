import { AUTH_CODES } from './auth-codes';

/**
 * The words of spec section 8 for login and signup answers. The modals show them, and the API tests check
 * that each server answer maps to the right sentence, so both read them from here.
 */
export const LOGIN_MESSAGES = {
  userNotExists: 'User does not exist. Please sign up to continue.',
  invalidEmailId: 'Email does not match exists with this Controller ID or Customer ID',
  invalidControllerId:
    'Controller ID or Customer ID not valid. Please login with valid Controller ID or Customer ID.',
  emailExists: 'Email address already exists. Click on Login',
  serverError: 'Error in logging the user. Please try again later.',
  idNotFound: 'Controller ID or Customer ID not found',
  otherFailure: 'Credentials are invalid.',
} as const;

export const SIGNUP_MESSAGES = {
  idRequired: 'Controller ID or Customer ID is required.',
  invalidEmailId: 'Email does not match exists with this Controller ID or Customer ID.',
  emailExists: 'Email address already exists. Click on Login',
  serverError: 'Error in creating the user. Please try again later.',
  otherNon200:
    'Controller ID or Customer ID not valid. Please Sign Up with a valid Controller ID or Customer ID.',
  thrown: 'Credentials are invalid.',
} as const;

export const RATE_LIMIT_MESSAGE = 'Too many attempts. Please wait a minute and try again.';

/** The modal sends corporate emails to the agent login before calling; this covers a call that slipped past. */
const USE_AGENT_LOGIN_MESSAGE = 'This email belongs to our support team. Please use Agent Login.';

/** What the login modal does with an answer: show the ID field, or show a message. */
type LoginOutcome = { kind: 'ask-id' } | { kind: 'message'; text: string };

/** Maps a refused `POST /api/auth/login` answer (status and `message` field) to spec section 8. */
export function loginOutcome(status: number, code: string | undefined): LoginOutcome {
  const text = (value: string): LoginOutcome => ({ kind: 'message', text: value });
  switch (code) {
    case AUTH_CODES.userNotExists:
      return text(LOGIN_MESSAGES.userNotExists);
    case AUTH_CODES.invalidEmailId:
      return text(LOGIN_MESSAGES.invalidEmailId);
    case AUTH_CODES.invalidControllerId:
      return text(LOGIN_MESSAGES.invalidControllerId);
    case AUTH_CODES.controllerIdRequired:
      return { kind: 'ask-id' };
    case AUTH_CODES.rateLimited:
      return text(RATE_LIMIT_MESSAGE);
    case AUTH_CODES.useAgentLogin:
      return text(USE_AGENT_LOGIN_MESSAGE);
  }
  if (status === 400) return { kind: 'ask-id' };
  if (status === 409) return text(LOGIN_MESSAGES.emailExists);
  if (status === 429) return text(RATE_LIMIT_MESSAGE);
  if (status >= 500) return text(LOGIN_MESSAGES.serverError);
  if (status === 404) return text(LOGIN_MESSAGES.idNotFound);
  return text(LOGIN_MESSAGES.otherFailure);
}

/** Maps a refused `POST /api/auth/signup` answer to spec section 8; `undefined` status = the call threw. */
export function signupMessage(status: number | undefined, code: string | undefined): string {
  if (status === undefined) return SIGNUP_MESSAGES.thrown;
  if (code === AUTH_CODES.rateLimited || status === 429) return RATE_LIMIT_MESSAGE;
  if (code === AUTH_CODES.useAgentLogin) return USE_AGENT_LOGIN_MESSAGE;
  if (status === 400 && code === AUTH_CODES.controllerIdRequired) return SIGNUP_MESSAGES.idRequired;
  if (code === AUTH_CODES.invalidEmailId) return SIGNUP_MESSAGES.invalidEmailId;
  if (status === 409) return SIGNUP_MESSAGES.emailExists;
  if (status >= 500) return SIGNUP_MESSAGES.serverError;
  return SIGNUP_MESSAGES.otherNon200;
}
