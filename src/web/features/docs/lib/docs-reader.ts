/** The knowledge-base category /docs shows (spec section 2). */
export const TECH_HUB_CATEGORY = 'tech-hub';

/**
 * Who is reading, part of every docs query key: a protected article's body depends on the session. A visitor,
 * and everyone while the session is not known yet, reads as `ANONYMOUS_READER` (so does the server render).
 */
export type DocsReader = string;

export const ANONYMOUS_READER: DocsReader = 'anonymous';

/** The reader of a session: the same key in the server render for that user and in the browser. */
export function readerOf(session: { signedIn: boolean; userId: string }): DocsReader {
  return session.signedIn ? session.userId || 'signed-in' : ANONYMOUS_READER;
}
