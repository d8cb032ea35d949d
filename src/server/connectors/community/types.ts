import type { ConnectorSearchQuery, SearchPage, TermStats, VocabularyWord } from '../search-types.js';
import type { ConnectorRoutes } from '../connector-routes.js';
import type { ContentSync } from '../content-sync.js';

/**
 * The community forum (Forumbee in the vendor's deployment; posts loaded from `content/community/` into the
 * portal's database by default). The portal searches it; a post opens on the forum. The wire names of spec
 * section 7 call it `forumbee`. Nothing here imports an implementation.
 */

/** A forum post found by a search. */
export interface CommunityHit {
  id: number;
  title: string;
  /** The post on the forum. */
  url: string;
  createdAt: Date;
  snippet: string;
}

/** A forum post whole (question and answers as plain text), as the assistant reads it. */
export interface CommunityPostBody {
  id: number;
  title: string;
  url: string;
  text: string;
}

export interface CommunityConnector extends ConnectorRoutes {
  /** The vendor feed the posts are synced from (Forumbee); null when `content/community/` fills them. */
  readonly contentSync: ContentSync | null;

  searchPosts(query: ConnectorSearchQuery): Promise<SearchPage<CommunityHit>>;

  /** The whole posts of these ids (search hits), in no particular order; a post gone since is left out. */
  readPosts(ids: readonly number[]): Promise<CommunityPostBody[]>;

  /** How many items hold each word stem, read from what the search matches (the assistant's term rarity). */
  termStats(): Promise<TermStats>;

  /** Every word of its titles and bodies: the vocabulary behind 'Did you mean' (search-words.ts). */
  vocabulary(): Promise<VocabularyWord[]>;
}
