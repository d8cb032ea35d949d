import type { TrackerConnector } from '../types.js';

export interface TrackerAuthorizeInput {
  /** The query of the authorize request. */
  params: Record<string, string | undefined>;
  /** Origin the request came to; the registered redirect URI is on it. */
  origin: string;
  /** The signed-in portal user's id, or null when nobody (or no agent) is signed in. */
  agentUserId: string | null;
}

/** The built-in tracker: the tracker interface, and the authorize endpoint its `routes` serve. */
export interface BuiltinTracker extends TrackerConnector {
  /**
   * Its authorize endpoint. For a signed-in agent it issues a single-use code (60 s,
   * bound to the PKCE challenge, client and redirect URI) and answers where to send the browser:
   * `/code?code=&state=`; otherwise `/code?error=access_denied&state=`. Throws ServiceError INVALID_INPUT
   * when the parameters name no registered client or redirect URI (nothing may be redirected then).
   */
  authorize(input: TrackerAuthorizeInput): Promise<string>;
}
