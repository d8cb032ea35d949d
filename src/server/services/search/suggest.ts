import { wordsOf } from '../../lib/fulltext/query-terms.js';
import { STOP_WORDS } from '../../lib/fulltext/stop-words.js';

/**
 * How a query's words stand against the content's vocabulary (search-words.ts): 'Did you mean' (the nearest
 * plausible spelling of each word the content does not hold) and whether the query is foreign to the content.
 *
 * A word any item holds, in a title or a body, is the content's own and is never corrected. A word no item
 * holds is corrected only into a listed word a typo away: the same first letter (a misspelling rarely changes
 * it) and one edit (a letter added, dropped, changed or two swapped; two edits from eight letters), the
 * commonest such word winning. A word with no such correction is foreign: another product's name, an office
 * application, a home device. A query whose meaningful words are mostly foreign is about something the
 * content does not cover, and the fallbacks (the corrected spelling, the partial match) must not dress its
 * few ordinary words up as an answer (fallbacks.ts).
 */

/** A listed word, with how many items hold it. */
export interface Candidate {
  word: string;
  items: number;
}

/** The content's vocabulary as the suggestion reads it. */
export interface Vocabulary {
  /** Listed words similar to `word` (trigrams), the candidates of its correction. */
  similar(word: string): Promise<Candidate[]>;
  /** Which of `words` some item holds (as typed or as another form of the same stem). */
  known(words: readonly string[]): Promise<Set<string>>;
}

export interface QueryReading {
  /** The corrected spelling, when a word was corrected. */
  suggestion?: string;
  /** Whether at least {@link FOREIGN_SHARE} of the meaningful words are foreign to the content. */
  foreign: boolean;
}

/**
 * The share of a query's meaningful words that, foreign, make it foreign. Calibrated on the relevance bench's
 * tuning set: the largest share that loses none of its answerable queries. Lower, a query with one typo the
 * suggestion cannot place ("clinet", "dryrun") among two or three words of the content is taken for off-topic;
 * weighing words by their rarity instead (a foreign word as the rarest) made no difference between those and
 * another product's name among ordinary words.
 */
export const FOREIGN_SHARE = 0.5;

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

/** Edits from `a` to `b`: letters inserted, deleted or changed, and two neighbours swapped (one edit each). */
export function editDistance(a: string, b: string): number {
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  const at = (i: number, j: number) => rows[i]?.[j] ?? Number.POSITIVE_INFINITY;
  for (let i = 1; i <= a.length; i += 1) {
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, at(i - 2, j - 2) + 1);
      (rows[i] as number[])[j] = best;
    }
  }
  return at(a.length, b.length);
}

/** From this length a word may be two edits from its correction. */
const TWO_EDITS_FROM = 8;
const maxEdits = (word: string) => (word.length >= TWO_EDITS_FROM ? 2 : 1);

/** The plausible correction of a word no item holds: fewest edits, then the commonest, then the most alike. */
function correctionOf(word: string, candidates: readonly Candidate[]): string | undefined {
  let best: { word: string; edits: number; items: number; similarity: number } | undefined;
  for (const candidate of candidates) {
    if (candidate.word === word || candidate.word[0] !== word[0]) continue;
    const edits = editDistance(word, candidate.word);
    if (edits > maxEdits(word)) continue;
    const similarity = trigramSimilarity(word, candidate.word);
    const better =
      !best ||
      edits < best.edits ||
      (edits === best.edits &&
        (candidate.items > best.items || (candidate.items === best.items && similarity > best.similarity)));
    if (better) best = { word: candidate.word, edits, items: candidate.items, similarity };
  }
  return best?.word;
}

/** Words the suggestion reads: numbers, release numbers, keys and codes are never corrected, nor short words. */
const isCorrectable = (word: string) => word.length >= 3 && !/[\d.-]/.test(word);

/** The query's corrected spelling and whether it is foreign to the content. */
export async function readQuery(query: string, vocabulary: Vocabulary): Promise<QueryReading> {
  // Cut as the search cuts them: an identifier (`7.2`, `NET-1008`) stays whole and is kept as typed.
  const words = wordsOf(query).slice(0, 8);
  const checked = [...new Set(words.filter(isCorrectable))];
  const known = await vocabulary.known(checked);
  const corrections = new Map<string, string | undefined>();
  await Promise.all(
    checked
      .filter((word) => !known.has(word))
      .map(async (word) => corrections.set(word, correctionOf(word, await vocabulary.similar(word)))),
  );
  const meaningful = checked.filter((word) => !STOP_WORDS.has(word));
  const foreign = meaningful.filter((word) => corrections.has(word) && corrections.get(word) === undefined);
  const corrected = words.map((word) => corrections.get(word) ?? word);
  const changed = corrected.some((word, index) => word !== words[index]);
  return {
    ...(changed ? { suggestion: corrected.join(' ') } : {}),
    foreign: meaningful.length > 0 && foreign.length / meaningful.length >= FOREIGN_SHARE,
  };
}
