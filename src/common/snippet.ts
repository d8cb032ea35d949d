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
  const chars = Array.from(text.replace(/\s+/g, ' ').trim());
  const keep = keptLength(chars, maxLength);
  return keep === chars.length ? chars.join('') : chars.slice(0, keep).join('') + ELLIPSIS;
}

/** Trailing punctuation before the ellipsis reads badly ("gateway,..."). */
const TRAILING_PUNCTUATION = /[\s,;:.\-–—]/u;

/**
 * How many of `chars` (whitespace already collapsed) a snippet of `maxLength` keeps: all of them when they
 * fit, else up to the last word boundary within the budget, without trailing punctuation.
 */
function keptLength(chars: readonly string[], maxLength: number): number {
  if (!Number.isInteger(maxLength) || maxLength < 1) {
    throw new RangeError(`maxLength must be a positive integer, got ${maxLength}`);
  }
  if (chars.length <= maxLength) return chars.length;
  // A cut that falls exactly before a space keeps the whole last word.
  const nextIsSpace = chars[maxLength] === ' ';
  const lastSpace = chars.lastIndexOf(' ', maxLength - 1);
  let keep = nextIsSpace || lastSpace <= 0 ? maxLength : lastSpace;
  while (keep > 0 && TRAILING_PUNCTUATION.test(chars[keep - 1] ?? '')) keep -= 1;
  return keep;
}

/**
 * Sentinels around a matched term in text that the database highlighted (ts_headline's StartSel/StopSel).
 * Control characters cannot occur in content (htmlToPlainText drops them), so they never collide with text.
 */
export const MARK_START = '\u0001';
export const MARK_END = '\u0002';

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

const WHITESPACE = /\s/;

/**
 * Whether `char` (one code point) is whitespace as `\s` has it, without a regular expression for the ASCII
 * characters that make up nearly all text: a regular expression per character was half the time of
 * markedSnippet, which runs for every hit of an uncached search.
 */
function isWhitespace(char: string): boolean {
  const code = char.charCodeAt(0);
  if (code < 128) return code === 32 || (code >= 9 && code <= 13);
  return WHITESPACE.test(char);
}

/**
 * A highlighted search snippet: `text` carries {@link MARK_START}/{@link MARK_END} around matches. The result
 * is HTML whose only markup is `<mark>`: everything else is escaped. It is cut like {@link cutSnippet}, the
 * budget counting visible characters only, and a mark cut in half is closed.
 */
export function markedSnippet(text: string, maxLength: number = SNIPPET_LENGTH): string {
  const visible: string[] = [];
  const marked: boolean[] = [];
  let inMark = false;
  let pendingSpace = false;
  for (const char of text) {
    if (char === MARK_START) inMark = true;
    else if (char === MARK_END) inMark = false;
    else if (isWhitespace(char)) pendingSpace = visible.length > 0;
    else {
      // One character past the budget is all the cut looks at (keptLength): the rest of the fragment, about
      // as long again (highlight.ts), need not be read.
      if (visible.length > maxLength) break;
      if (pendingSpace) {
        visible.push(' ');
        // A space between two marked words stays inside one mark.
        marked.push(inMark && (marked[marked.length - 1] ?? false));
        pendingSpace = false;
      }
      visible.push(char);
      marked.push(inMark);
    }
  }
  const keep = keptLength(visible, maxLength);
  // Escaped a run at a time (the characters between two mark edges), not a character at a time: one
  // replace per character was a twentieth of an uncached search's CPU.
  let html = '';
  let run = '';
  let open = false;
  for (let index = 0; index < keep; index += 1) {
    const isMarked = marked[index] ?? false;
    if (isMarked !== open) {
      html += escapeHtml(run) + (isMarked ? '<mark>' : '</mark>');
      run = '';
      open = isMarked;
    }
    run += visible[index] ?? '';
  }
  html += escapeHtml(run);
  if (open) html += '</mark>';
  return keep < visible.length ? html + ELLIPSIS : html;
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
  return (
    html
      .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, ' ')
      .replace(/<!--[\s\S]*?-->/g, ' ')
      // Inline elements sit inside words and sentences ("<strong>Attach</strong>."): no space for them.
      .replace(/<\/?(a|abbr|b|code|em|i|kbd|mark|s|small|span|strong|sub|sup|u)\b[^>]*>/gi, '')
      .replace(/<[^>]*>/g, ' ')
      .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity: string, name: string) => {
        if (name.startsWith('#')) {
          const code =
            name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
          return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : ' ';
        }
        return ENTITIES[name.toLowerCase()] ?? entity;
      })
      // Control characters never belong in text, and two of them are the highlight sentinels above.
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '')
      .replace(/\s+/g, ' ')
      .trim()
  );
}
