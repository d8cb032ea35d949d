import { Marked, type Token, type Tokens } from 'marked';
import { escapeHtml, htmlToPlainText } from '../../../common/snippet.js';
import type { DocsBlock } from '../../db/schema.js';

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

const marked = new Marked({
  gfm: true,
  async: false,
  renderer: {
    html(token: Tokens.HTML | Tokens.Tag): string {
      return escapeHtml(token.text);
    },
  },
  walkTokens(token: Token): void {
    if (token.type === 'link' || token.type === 'image') {
      const link = token as Tokens.Link | Tokens.Image;
      link.href = safeHref(link.href);
    }
  },
});

export function renderMarkdown(markdown: string): string {
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
