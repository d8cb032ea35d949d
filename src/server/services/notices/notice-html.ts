import sanitizeHtml from 'sanitize-html';
import { DROPPED_WITH_CONTENT } from '../../lib/sanitize-rules.js';

/**
 * The HTML a notice's description may hold (the brief: sanitized on write and on read, ASVS 1.3.1): the
 * formatting the rich-text editor produces, lists and links to http, https or mailto. No style, no class, no
 * event attribute, no element that can run or load anything.
 */
const NOTICE_HTML: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'strike',
    'sub',
    'sup',
    'mark',
    'code',
    'pre',
    'blockquote',
    'h2',
    'h3',
    'h4',
    'ul',
    'ol',
    'li',
    'hr',
    'a',
  ],
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  nonTextTags: DROPPED_WITH_CONTENT,
  disallowedTagsMode: 'discard',
  transformTags: {
    // A link in a notice leaves the portal: a new tab, without the opener or the referrer.
    a: (tagName, attribs) => ({
      tagName,
      attribs: {
        ...(attribs.href ? { href: attribs.href } : {}),
        target: '_blank',
        rel: 'noopener noreferrer nofollow',
      },
    }),
  },
};

export function sanitizeNoticeHtml(html: string): string {
  return sanitizeHtml(html, NOTICE_HTML).trim();
}

/** The four characters sanitize-html escapes in text; the text form needs them back as typed. */
const ESCAPED: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"' };

/** Elements after which the words of the text form must not run together. */
const BLOCK_END = /<\/(?:p|li|h[2-4]|blockquote|pre)>|<br\s*\/?>|<hr\s*\/?>/gi;

/** The description as plain text, for the admin's search and to tell a blank description. */
export function noticeText(sanitizedHtml: string): string {
  const text = sanitizeHtml(sanitizedHtml.replace(BLOCK_END, ' '), {
    allowedTags: [],
    allowedAttributes: {},
  });
  return text
    .replace(/&(?:amp|lt|gt|quot);/g, (entity) => ESCAPED[entity] ?? entity)
    .replace(/\s+/g, ' ')
    .trim();
}
