/**
 * What every HTML the portal sanitises shares (notices, a vendor's articles): an element dropped goes with its
 * content where the content is code or markup for a parser of its own, rather than leaving that text behind.
 */
export const DROPPED_WITH_CONTENT = [
  'script',
  'style',
  'textarea',
  'option',
  'noscript',
  'template',
  'xmp',
  'iframe',
  'svg',
  'math',
];
