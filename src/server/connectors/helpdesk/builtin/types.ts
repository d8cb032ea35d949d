import type { HelpdeskStartRequest } from '../../../../common/contracts/auth.js';
import type { HelpdeskConnector } from '../types.js';

export interface StartAuthorizationInput {
  /** The query of the authorization page, as the page received it. */
  params: HelpdeskStartRequest;
  /** The origin the page was served from; the only redirect URI registered for the portal is on it. */
  origin: string;
}

export interface StartAuthorizationResult {
  /** Opaque id of the pending request; the page sends it back with the code. */
  requestId: string;
  /** Where the code went, masked (`c******r@example.com`), for the page to show. */
  sentTo: string;
}

/**
 * The built-in help desk: the help-desk interface, and the one-time-code authorization page's API that only it
 * has (a vendor's help desk runs its own page). Its `routes` serve that API.
 */
export interface BuiltinHelpdesk extends HelpdeskConnector {
  /**
   * Checks the page's OAuth parameters
   * against the registered client and redirect URI, records the request and emails a six-digit one-time code
   * to `login_hint`. Throws ServiceError INVALID_INPUT for parameters no registered client could have sent.
   * An address the help desk does not know gets the same answer and no mail, so the page reveals nothing.
   * Per address: the new code replaces any earlier one still pending, and past the {@link OneTimeCodeLimits}
   * nothing is sent and it throws RATE_LIMITED with a sentence for the page.
   */
  startAuthorization(input: StartAuthorizationInput): Promise<StartAuthorizationResult>;

  /**
   * Checks the one-time code of a request. A request accepts one correct code,
   * within 10 minutes, in at most 5 attempts (then it is dead). On success issues an authorization code
   * (single use, 60 seconds) and answers the redirect back to the portal: `<redirect path>?code=&state=`.
   * Throws UNAUTHENTICATED for a wrong code and INVALID_INPUT for a used, expired, replaced or exhausted
   * request, RATE_LIMITED once the address has had its wrong codes of the window.
   */
  verifyOneTimeCode(input: { requestId: string; code: string }): Promise<{ redirect: string }>;
}
