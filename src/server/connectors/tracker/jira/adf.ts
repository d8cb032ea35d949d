/**
 * Jira's v3 API answers rich text (an issue's `description`) in the Atlassian Document Format: a tree of
 * nodes whose `text` nodes hold the words (https://developer.atlassian.com/cloud/jira/platform/apis/document/structure/).
 * The snippet needs only the words: block nodes are joined with a space, inline text is kept as written.
 */
const BLOCK_TYPES = new Set([
  'paragraph',
  'heading',
  'blockquote',
  'codeBlock',
  'listItem',
  'bulletList',
  'orderedList',
  'tableCell',
  'tableHeader',
  'tableRow',
  'panel',
  'rule',
  'hardBreak',
]);

function walk(node: unknown, out: string[]): void {
  if (typeof node !== 'object' || node === null) return;
  const type: unknown = Reflect.get(node, 'type');
  const text: unknown = Reflect.get(node, 'text');
  if (typeof text === 'string') out.push(text);
  const content: unknown = Reflect.get(node, 'content');
  if (Array.isArray(content)) for (const child of content) walk(child, out);
  if (typeof type === 'string' && BLOCK_TYPES.has(type)) out.push(' ');
}

/** The words of an ADF document (or of a plain string, as the v2 API answers), whitespace collapsed. */
export function adfToText(document: unknown): string {
  if (typeof document === 'string') return document.replace(/\s+/g, ' ').trim();
  const out: string[] = [];
  walk(document, out);
  return out.join('').replace(/\s+/g, ' ').trim();
}
