import { ISSUE_KEYS_IN_TEXT } from '../../../../common/issue-keys';

/** A piece of a plain-text comment: text as it is, or a link the page may draw as an anchor. */
export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

/** Only these schemes become links: a `javascript:` or `data:` address stays text. */
const SAFE_SCHEMES = new Set(['http:', 'https:', 'mailto:']);
const ADDRESS = /\b(?:https?:\/\/|mailto:)[^\s<>"'`]+/gi;
/** What ends a sentence rather than an address (`see https://x.example/a.`). */
const TRAILING = /[.,;:!?)\]}]+$/;

function safeHref(candidate: string): string | null {
  try {
    const url = new URL(candidate);
    return SAFE_SCHEMES.has(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

function keyParts(text: string, issueUrl: (key: string) => string | null): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(ISSUE_KEYS_IN_TEXT)) {
    const href = issueUrl(match[0]);
    if (!href) continue;
    if (match.index > last) parts.push({ kind: 'text', text: text.slice(last, match.index) });
    parts.push({ kind: 'link', text: match[0], href });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}

/**
 * A plain-text comment cut into text and links: http, https and mailto addresses, and the issue keys
 * `issueUrl` knows (the tracker's issues). Nothing else becomes markup: the page draws the text parts as text,
 * so `<b>` or a `javascript:` address in a comment shows as written.
 */
export function linkify(text: string, issueUrl: (key: string) => string | null = () => null): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(ADDRESS)) {
    const address = match[0].replace(TRAILING, '');
    const href = safeHref(address);
    if (!href) continue;
    if (match.index > last) parts.push(...keyParts(text.slice(last, match.index), issueUrl));
    parts.push({ kind: 'link', text: address, href });
    last = match.index + address.length;
  }
  if (last < text.length) parts.push(...keyParts(text.slice(last), issueUrl));
  return parts;
}
