/**
 * Search and card snippets (spec section 9): plain text cut on a word boundary with an ellipsis.
 * Shared by server and web so a snippet looks the same wherever it is produced.
 */

/** Snippet length for knowledge base, documentation and community results. */
export const SNIPPET_LENGTH = 200;
/** Jira issue descriptions are cut shorter (spec section 9). */
export const JIRA_SNIPPET_LENGTH = 150;

export const ELLIPSIS = '...';

/**
 * Cuts `text` to at most `maxLength` characters (code points, so an emoji is never split in half) on a word
 * boundary and appends an ellipsis when something was cut. Whitespace runs collapse to one space first, so
 * line breaks in the source do not eat into the budget. A single word longer than the budget is cut hard:
 * an empty snippet would say less than a clipped word.
 */
export function cutSnippet(text: string, maxLength: number = SNIPPET_LENGTH): string {
  if (!Number.isInteger(maxLength) || maxLength < 1) {
    throw new RangeError(`maxLength must be a positive integer, got ${maxLength}`);
  }
  const normalised = text.replace(/\s+/g, ' ').trim();
  const chars = Array.from(normalised);
  if (chars.length <= maxLength) return normalised;

  const head = chars.slice(0, maxLength);
  // A cut that falls exactly before a space keeps the whole last word.
  const nextIsSpace = chars[maxLength] === ' ';
  const lastSpace = head.lastIndexOf(' ');
  const kept = nextIsSpace || lastSpace <= 0 ? head : head.slice(0, lastSpace);
  // Trailing punctuation before the ellipsis reads badly ("gateway,...").
  return kept.join('').replace(/[\s,;:.\-–—]+$/u, '') + ELLIPSIS;
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

/**
 * Turns an HTML fragment (a help-desk article body) into plain text for a snippet. This is not a sanitizer:
 * its output is only ever rendered as text (React escapes it), so a crude tag strip is enough and keeps a
 * parser dependency out of the bundle.
 */
export function htmlToPlainText(html: string): string {
  return html
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity: string, name: string) => {
      if (name.startsWith('#')) {
        const code =
          name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
        return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : ' ';
      }
      return ENTITIES[name.toLowerCase()] ?? entity;
    })
    .replace(/\s+/g, ' ')
    .trim();
}
