/** The knowledge-base category /docs shows (spec section 2). */
export const TECH_HUB_CATEGORY = 'tech-hub';

/**
 * Who is reading, part of every docs query key: a protected article's body depends on the session. A visitor,
 * and everyone while the session is not known yet, reads as `ANONYMOUS_READER` (so does the server render).
 */
export type DocsReader = string;

export const ANONYMOUS_READER: DocsReader = 'anonymous';
