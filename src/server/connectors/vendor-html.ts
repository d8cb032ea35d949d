import sanitizeHtml from 'sanitize-html';
import { DROPPED_WITH_CONTENT } from '../lib/sanitize-rules.js';
import { htmlToPlainText } from '../../common/snippet.js';
import { headingSlug } from './content-folder/markdown.js';

/**
 * A vendor's article body (Zendesk Help Center HTML) made safe to show in the portal, as the content folder's
 * Markdown is: the formatting an article editor produces, tables, code and images; links and images only over
 * http(s) (links also mailto), relative ones resolved against the vendor's site; no script, style, event
 * attribute, form or frame. Headings and bold lead lines get the ids the assistant points into
 * (`#section`), made as the Markdown renderer makes them.
 */

const ARTICLE_HTML: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'sub',
    'sup',
    'mark',
    'code',
    'pre',
    'kbd',
    'blockquote',
    'ul',
    'ol',
    'li',
    'dl',
    'dt',
    'dd',
    'table',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'caption',
    'a',
    'img',
    'figure',
    'figcaption',
    'span',
    'div',
  ],
  allowedAttributes: {
    a: ['href'],
    img: ['src', 'alt', 'width', 'height'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  nonTextTags: DROPPED_WITH_CONTENT,
  disallowedTagsMode: 'discard',
};

/** `href`/`src` resolved against the vendor's site; anything that is not a web (or mail) address is dropped. */
function absolute(value: string | undefined, base: string, schemes: readonly string[]): string | undefined {
  if (value === undefined) return undefined;
  try {
    const url = new URL(value.trim(), base);
    return schemes.includes(url.protocol) ? url.toString() : undefined;
  } catch {
    return undefined;
  }
}

/** Sanitised article HTML with absolute links and images, and an id on every heading (unique in the article). */
export function sanitizeVendorArticle(html: string, baseUrl: string): string {
  const clean = sanitizeHtml(html, {
    ...ARTICLE_HTML,
    transformTags: {
      a: (tagName, attribs) => {
        const href = absolute(attribs.href, baseUrl, ['http:', 'https:', 'mailto:']);
        return {
          tagName,
          attribs: { ...(href ? { href } : {}), rel: 'noopener noreferrer nofollow' },
        };
      },
      img: (tagName, attribs) => {
        const src = absolute(attribs.src, baseUrl, ['http:', 'https:']);
        const { alt, width, height } = attribs;
        return {
          tagName,
          attribs: {
            ...(src ? { src } : {}),
            alt: alt ?? '',
            ...(width ? { width } : {}),
            ...(height ? { height } : {}),
            loading: 'lazy',
          },
        };
      },
    },
    allowedAttributes: {
      ...ARTICLE_HTML.allowedAttributes,
      a: ['href', 'rel'],
      img: ['src', 'alt', 'width', 'height', 'loading'],
    },
  });
  const used = new Map<string, number>();
  const id = (inner: string): string => {
    const slug = headingSlug(htmlToPlainText(inner));
    const seen = used.get(slug) ?? 0;
    used.set(slug, seen + 1);
    return seen === 0 ? slug : `${slug}-${seen + 1}`;
  };
  // The sanitised markup has no attributes on headings or paragraphs, so these patterns see every one.
  return clean
    .replace(
      /<h([1-6])>([\s\S]*?)<\/h\1>/g,
      (_, level: string, inner: string) => `<h${level} id="${id(inner)}">${inner}</h${level}>`,
    )
    .replace(/<p>(<(strong|b)>[^<]*<\/\2>)<\/p>/g, (_, inner: string) => `<p id="${id(inner)}">${inner}</p>`);
}
