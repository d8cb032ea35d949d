import { createBuiltinHelpdesk, type BuiltinHelpdeskOptions } from './builtin/helpdesk.js';
import type { HelpdeskConnector } from './types.js';

/** The help desk this portal uses. Only the built-in one exists so far; a Zendesk adapter will join it here. */
export function createHelpdeskConnector(options: BuiltinHelpdeskOptions): HelpdeskConnector {
  return createBuiltinHelpdesk(options);
}
