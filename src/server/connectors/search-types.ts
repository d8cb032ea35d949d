/**
 * What every searchable connector (help desk, tracker, docs, community) takes and answers, in our own terms:
 * a page of hits of its kind and the number of matches. Who may search what is decided before a connector is
 * asked (services/search, policies), so a query carries no user, only what scopes it (a requester's email).
 */

export interface ConnectorSearchQuery {
  /** As the user typed it (trimmed); each connector parses it its own way. */
  query: string;
  /** 1-based. */
  page: number;
  pageSize: number;
  /**
   * `all` (default): every word must match. `any`: the partial match the portal falls back to when nothing
   * matches every word, ranked by how many of the query's meaningful words an item holds.
   */
  match?: 'all' | 'any';
  /**
   * With `match` `all`: when fewer items than this match every word, the partial match of the same page may
   * come with the answer (`SearchPage.partial`), found by the same request. A connector may ignore it: the
   * portal then asks for the partial match on its own when it needs it.
   */
  partialBelow?: number;
  /** Aborted when the portal stopped waiting (a timeout); a connector may stop its work then. */
  signal: AbortSignal;
}

export interface SearchPage<Hit> {
  /** Matches in all, capped at SEARCH_COUNT_CAP. */
  count: number;
  hits: Hit[];
  /** The partial match of the same query and page, when asked for with `partialBelow` and found. */
  partial?: SearchPage<Hit>;
}

/** How many items of a source hold each word stem (the assistant weighs a question's words by it). */
/** A word of a source's titles and bodies (lower case, a run of letters), with how many of its items hold it. */
export interface VocabularyWord {
  word: string;
  items: number;
  /** Whether a title holds it. */
  inTitle: boolean;
}

export interface TermStats {
  /** Items in the source. */
  items: number;
  /** Each stem the source uses, with how many items hold it. */
  stems: { word: string; items: number }[];
}
