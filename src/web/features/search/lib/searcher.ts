/** Who is searching: part of the query keys, since the server picks the sources from the session. */
export type Searcher = string;

/** A visitor, and everyone while the session is not known yet: the server render searches as one. */
export const ANONYMOUS_SEARCHER: Searcher = 'anonymous';
