import type { ConnectorSearchQuery, SearchPage } from '../search-types.js';

/**
 * The product documentation (GitBook in the vendor's deployment; pages loaded from `content/docs/` into the
 * portal's database by default). The portal searches it; its pages open on the documentation site. The wire
 * names of spec section 7 call it `git`. Nothing here imports an implementation.
 */

/** A documentation page found by a search. */
export interface DocsHit {
  id: number;
  title: string;
  /** The documentation site (space) the page belongs to. */
  domain: string;
  /** The page's path on that site. */
  path: string;
  snippet: string;
}

export interface DocsConnector {
  searchPages(query: ConnectorSearchQuery): Promise<SearchPage<DocsHit>>;
}
