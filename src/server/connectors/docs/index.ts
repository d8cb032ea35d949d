import type { Env } from '../../env.js';
import type { ConnectorShared } from '../shared.js';
import { createBuiltinDocs } from './builtin/docs.js';
import type { DocsConnector } from './types.js';

/** The documentation this portal searches: the built-in one until a GitBook adapter joins here. */
export function createDocsConnector(_env: Env, shared: ConnectorShared): DocsConnector {
  return createBuiltinDocs({ fullText: shared.fullText });
}
