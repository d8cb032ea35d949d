import { createBuiltinTracker, type BuiltinTrackerOptions } from './builtin/tracker.js';
import type { TrackerConnector } from './types.js';

/** The tracker this portal uses. Only the built-in one exists so far; a Jira adapter will join it here. */
export function createTrackerConnector(options: BuiltinTrackerOptions): TrackerConnector {
  return createBuiltinTracker(options);
}
