/** Who is searching: part of the query keys, since the server picks the sources from the session. */
export type Searcher = string;

/** A visitor, and everyone while the session is not known yet: the server render searches as one. */
export const ANONYMOUS_SEARCHER: Searcher = 'anonymous';

/** The searcher of a session: the same key in the server render for that user and in the browser. */
export function searcherOf(session: { signedIn: boolean; role: string | null; userId: string }): Searcher {
  return session.signedIn ? `${session.role ?? ''}:${session.userId}` : ANONYMOUS_SEARCHER;
}
