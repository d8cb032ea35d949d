import type { Env } from '../../env.js';
import type { ConnectorShared } from '../shared.js';
import { createBuiltinTracker } from './builtin/tracker.js';
import type { TrackerConnector } from './types.js';

/** The tracker this portal uses: the built-in one until a Jira adapter joins here. */
export function createTrackerConnector(_env: Env, shared: ConnectorShared): TrackerConnector {
  return createBuiltinTracker({ db: shared.db, fullText: shared.fullText });
}
