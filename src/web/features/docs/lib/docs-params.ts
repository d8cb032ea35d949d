/**
 * What /docs shows, from its address: `?article=` (id or slug) opens an article, `?q=` searches, `?section=`
 * (a section's slug) lists a section's articles; none of them, the Tech Hub's home.
 */
export function readDocsParams(params: URLSearchParams): { article: string; q: string; section: string } {
  return {
    article: params.get('article') ?? '',
    q: (params.get('q') ?? '').trim(),
    section: params.get('section') ?? '',
  };
}
