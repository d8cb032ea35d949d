import { createBuiltinDocs } from './builtin/docs.js';
import type { DocsConnector } from './types.js';
import type { FullTextOptions } from '../../lib/fulltext/fulltext-search.js';

/** The documentation this portal searches. Only the built-in one exists so far; a GitBook adapter joins here. */
export function createDocsConnector(options: { fullText: FullTextOptions }): DocsConnector {
  return createBuiltinDocs(options);
}
