// Module hooks of the baseline portal (see fulltext-search.ts here): every import of the portal's full-text
// module resolves to the baseline one, except the baseline's own import of the real module.
const REAL = '/src/server/lib/fulltext/fulltext-search.ts';
const BASELINE = new URL('./fulltext-search.ts', import.meta.url).href;

export async function resolve(specifier, context, nextResolve) {
  const resolved = await nextResolve(specifier, context);
  if (resolved.url.endsWith(REAL) && context.parentURL !== BASELINE) return { ...resolved, url: BASELINE };
  return resolved;
}
