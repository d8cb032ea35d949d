/** What /docs shows, from its address: `?article=` (id or slug) opens an article, `?q=` searches. */
export function readDocsParams(params: URLSearchParams): { article: string; q: string } {
  return { article: params.get('article') ?? '', q: (params.get('q') ?? '').trim() };
}
