import { ServiceError } from '../../lib/errors.js';

/**
 * The searching agent has no live grant at the tracker: never authorized, or the tracker refused the stored
 * one (a refresh token revoked or unused for too long). Not a failure of the tracker: the agent authorizes
 * again at `/jiraAuth`, and the search shows the group so.
 */
export class TrackerGrantMissingError extends ServiceError {
  constructor() {
    super('UNAUTHENTICATED', 'Authorize the ticketing system again to search its issues.');
    this.name = 'TrackerGrantMissingError';
  }
}
