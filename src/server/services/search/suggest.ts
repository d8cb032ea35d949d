/**
 * 'Did you mean': for each word of a query that found nothing, the most similar listed word (candidates come
 * from the trigram index of search_words; the best is picked here with the same trigram measure).
 */

function trigrams(word: string): Set<string> {
  const padded = `  ${word} `;
  const set = new Set<string>();
  for (let index = 0; index + 3 <= padded.length; index += 1) set.add(padded.slice(index, index + 3));
  return set;
}

/** pg_trgm's `similarity`: shared trigrams over all distinct trigrams of both words. */
export function trigramSimilarity(a: string, b: string): number {
  const left = trigrams(a);
  const right = trigrams(b);
  let shared = 0;
  for (const gram of left) if (right.has(gram)) shared += 1;
  const union = left.size + right.size - shared;
  return union === 0 ? 0 : shared / union;
}

export const queryWords = (query: string): string[] =>
  query
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);

const MIN_SIMILARITY = 0.3;

/**
 * The suggestion for `query` given candidate words (or titles: they are split into words) per word
 * (`candidatesFor`), or undefined when every word is already spelled as a candidate or nothing is close enough.
 */
export async function suggestSpelling(
  query: string,
  candidatesFor: (word: string) => Promise<string[]>,
): Promise<string | undefined> {
  const words = queryWords(query).slice(0, 8);
  let changed = false;
  const corrected = await Promise.all(
    words.map(async (word) => {
      if (word.length < 3 || /\d/.test(word)) return word;
      const candidates = new Set((await candidatesFor(word)).flatMap((title) => queryWords(title)));
      if (candidates.has(word)) return word;
      let best = word;
      let bestScore = MIN_SIMILARITY;
      for (const candidate of candidates) {
        const score = trigramSimilarity(word, candidate);
        if (score > bestScore) {
          best = candidate;
          bestScore = score;
        }
      }
      if (best !== word) changed = true;
      return best;
    }),
  );
  return changed ? corrected.join(' ') : undefined;
}
