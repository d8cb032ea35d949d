import type { ConnectorSearchQuery, SearchPage, TermStats, VocabularyWord } from '../search-types.js';
import type { ConnectorRoutes } from '../connector-routes.js';
import type { ContentSync } from '../content-sync.js';

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
  updatedAt: Date;
  snippet: string;
}

/** A documentation page whole, as the assistant reads it to point into one of its sections. */
export interface DocsPageBody {
  id: number;
  title: string;
  domain: string;
  path: string;
  /** The page as HTML whose headings carry the ids the documentation site links to. */
  body: string;
}

export interface DocsConnector extends ConnectorRoutes {
  /** The vendor feed the pages are synced from (GitBook); null when `content/docs/` fills them. */
  readonly contentSync: ContentSync | null;

  searchPages(query: ConnectorSearchQuery): Promise<SearchPage<DocsHit>>;

  /** The whole pages of these ids (search hits), in no particular order; a page gone since is left out. */
  readPages(ids: readonly number[]): Promise<DocsPageBody[]>;

  /** How many items hold each word stem, read from what the search matches (the assistant's term rarity). */
  termStats(): Promise<TermStats>;

  /** Every word of its titles and bodies: the vocabulary behind 'Did you mean' (search-words.ts). */
  vocabulary(): Promise<VocabularyWord[]>;
}
