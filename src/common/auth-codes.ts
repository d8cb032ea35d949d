/**
 * Server codes of login and signup answers (the `message` field), spec section 8. A module without zod: the
 * sign-in dialogs compare answers with these codes, and zod must not load with them (contracts/auth.ts
 * re-exports them with the schemas).
 */
export const AUTH_CODES = {
  userNotExists: 'USER_NOT_EXISTS',
  invalidEmailId: 'INVALID_EMAIL_ID',
  invalidControllerId: 'INVALID_CONTROLLER_ID',
  controllerIdRequired: 'CONTROLLER_ID_REQUIRED',
  idNotFound: 'ID_NOT_FOUND',
  emailExists: 'EMAIL_EXISTS',
  rateLimited: 'RATE_LIMITED',
  /** Login or signup with an address of the corporate email domain: the app opens the agent login instead. */
  useAgentLogin: 'USE_AGENT_LOGIN',
} as const;
export type AuthCode = (typeof AUTH_CODES)[keyof typeof AUTH_CODES];
