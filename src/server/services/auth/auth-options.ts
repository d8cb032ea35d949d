import type { HelpdeskConnector } from '../../connectors/helpdesk/types.js';
import type { IdentityConnector } from '../../connectors/identity/types.js';
import type { TrackerConnector } from '../../connectors/tracker/types.js';
import type { Database } from '../../db/client.js';
import type { SessionPolicy } from './sessions.js';

/**
 * What the sign-in calls take first (customer login and signup, the help desk's, the corporate provider's and
 * the tracker's authorizations, the credential form), built once by the auth area's plugin (`plugin.ts`).
 */
export interface AuthOptions {
  db: Database;
  helpdesk: HelpdeskConnector;
  identity: IdentityConnector;
  tracker: TrackerConnector;
  /** Addresses of this domain sign in as agents, never as customers (spec section 4). */
  corporateEmailDomain: string;
  /** Idle and absolute timeouts of the sessions a sign-in opens. */
  sessionPolicy: SessionPolicy;
}
