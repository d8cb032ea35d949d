import { Marked, type Token, type Tokens } from 'marked';
import { escapeHtml, htmlToPlainText } from '../../../common/snippet.js';
import type { DocsBlock } from '../docs/builtin/schema.js';

/**
 * Markdown of `content/` to HTML. The content is ours, but raw HTML inside it is still escaped rather than
 * passed through, and links may only use safe schemes: a slip in a content file cannot become script.
 */

/** http(s), mailto, in-page and relative links; anything else (javascript:, data:) becomes `#`. */
function safeHref(href: string): string {
  const trimmed = href.trim();
  if (/^(https?:|mailto:)/i.test(trimmed)) return trimmed;
  if (/^[a-z][a-z0-9+.-]*:/i.test(trimmed)) return '#';
  return trimmed;
}

/**
 * Bump when the HTML made from an unchanged file changes (as when section ids were added): it is part of every
 * item's content hash (read-content.ts), so the next content load rewrites rows the sync would otherwise skip.
 */
export const MARKDOWN_RENDERER_VERSION = 3;

/**
 * The id of a section heading: its words in lower case joined by hyphens, as GitHub and GitBook make them, so
 * a link can point into the section (`#upgrade-path`). Empty headings get `section`.
 */
export function headingSlug(text: string): string {
  const slug = text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  return slug === '' ? 'section' : slug;
}

/** The slugs given so far in the document being rendered: a repeated heading gets `-2`, `-3`, ... */
let slugsInDocument = new Map<string, number>();

function uniqueSlug(text: string): string {
  const slug = headingSlug(text);
  const seen = slugsInDocument.get(slug) ?? 0;
  slugsInDocument.set(slug, seen + 1);
  return seen === 0 ? slug : `${slug}-${seen + 1}`;
}

/**
 * A paragraph that is nothing but bold text (`**Symptom**`): the knowledge base's articles open their sections
 * with such lines instead of Markdown headings, so they are sections too (and get an id).
 */
export function isLeadHeading(tokens: readonly Token[]): boolean {
  return tokens.length === 1 && tokens[0]?.type === 'strong';
}

const marked = new Marked({
  gfm: true,
  async: false,
  renderer: {
    html(token: Tokens.HTML | Tokens.Tag): string {
      return escapeHtml(token.text);
    },
    heading({ tokens, depth }: Tokens.Heading): string {
      const inner = this.parser.parseInline(tokens);
      return `<h${depth} id="${escapeHtml(uniqueSlug(htmlToPlainText(inner)))}">${inner}</h${depth}>\n`;
    },
    // A code block scrolls sideways inside itself on a narrow screen, so it takes the keyboard focus too (a
    // keyboard user can scroll it with the arrow keys).
    code({ text, lang, escaped }: Tokens.Code): string {
      const language = /^\S*/.exec(lang ?? '')?.[0] ?? '';
      const body = `${text.replace(/\n$/, '')}\n`;
      const className = language ? ` class="language-${escapeHtml(language)}"` : '';
      return `<pre tabindex="0"><code${className}>${escaped ? body : escapeHtml(body)}</code></pre>\n`;
    },
    paragraph({ tokens }: Tokens.Paragraph): string {
      const inner = this.parser.parseInline(tokens);
      if (!isLeadHeading(tokens)) return `<p>${inner}</p>\n`;
      return `<p id="${escapeHtml(uniqueSlug(htmlToPlainText(inner)))}">${inner}</p>\n`;
    },
  },
  walkTokens(token: Token): void {
    if (token.type === 'link' || token.type === 'image') {
      const link = token as Tokens.Link | Tokens.Image;
      link.href = safeHref(link.href);
    }
  },
});

/** The page as HTML; every heading and lead heading has an id unique in the page (see {@link headingSlug}). */
export function renderMarkdown(markdown: string): string {
  // Rendering is synchronous, so one document's slugs cannot mix with another's.
  slugsInDocument = new Map();
  return marked.parse(markdown, { async: false });
}

/**
 * Splits a page into blocks at its headings (any level): each block is the heading's text and the plain text
 * beneath it. Text before the first heading is a block with an empty title; empty blocks are dropped.
 */
export function markdownBlocks(markdown: string): DocsBlock[] {
  const tokens = marked.lexer(markdown);
  const blocks: DocsBlock[] = [];
  let title = '';
  let pending: Token[] = [];
  const flush = (): void => {
    const list = Object.assign([...pending], { links: tokens.links });
    const content = htmlToPlainText(marked.parser(list));
    if (content !== '' || title !== '') blocks.push({ title, content });
    pending = [];
  };
  for (const token of tokens) {
    if (token.type === 'heading') {
      flush();
      title = htmlToPlainText(marked.parseInline((token as Tokens.Heading).text, { async: false }));
    } else {
      pending.push(token);
    }
  }
  flush();
  return blocks;
}
