import { wordsOf, type SynonymIndex } from '../../lib/fulltext/query-terms.js';
import { STOP_WORDS } from '../../lib/fulltext/stop-words.js';

/**
 * How a query's words stand against the content's vocabulary (search-words.ts): 'Did you mean' (the nearest
 * plausible spelling of each word the content does not hold) and whether the query is foreign to the content.
 *
 * A word any item holds, in a title or a body, is the content's own and is never corrected. A word no item
 * holds is corrected only into a listed word a typo away: the same first letter (a misspelling rarely changes
 * it) and one edit (a letter added, dropped, changed or two swapped; two edits from eight letters), the
 * commonest such word winning. A word with no such correction is foreign, unless it is among the commonest
 * words of everyday English (lib/fulltext/everyday-words.ts: "much", "overnight" are a customer's ordinary
 * words, not a subject): another product's name, an office application, a home device.
 *
 * Words weigh by their rarity in the content (inverse document frequency over the items), a foreign word the
 * most, as no item holds it: a rare word names what a query is about, a common one ("keeps", "open",
 * "error") could stand in any question. A query whose foreign words carry {@link FOREIGN_SHARE} of its
 * weight or more is about something the content does not cover, and the fallbacks (the corrected spelling,
 * the partial match) must not dress its few ordinary words up as an answer (fallbacks.ts): "anyconnect
 * certificate validation failure" shares two words with the content, but the word that says what it is about
 * is another vendor's.
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
  /** The listed words among these exact spellings (the candidates `similar` would give, if it found them). */
  listed(words: readonly string[]): Promise<Candidate[]>;
  /**
   * Which of `words` some item holds (as typed or as another form of the same stem), with how many items hold
   * each; and how many items the content has.
   */
  known(words: readonly string[]): Promise<{ items: Map<string, number>; total: number }>;
  /** The commonest words of everyday English, lower case. */
  everyday(): Promise<ReadonlySet<string>>;
  /** The reviewed synonym list the search applies. */
  synonyms: SynonymIndex;
}

export interface QueryReading {
  /** The corrected spelling, when a word was corrected. */
  suggestion?: string;
  /** Whether the foreign words carry at least {@link FOREIGN_SHARE} of the meaningful words' weight. */
  foreign: boolean;
}

/**
 * The share of a query's weight that, carried by foreign words, makes it foreign: a fifth. Calibrated on the
 * relevance bench's tuning set, where every answerable query carries none (but "upgrade dryrun errors", 0.53,
 * whose run-together words the respelled query's full match finds) and its off-topic queries with a foreign
 * word carry 0.23 to 0.72 (another product's name among two to six ordinary words): below the least of those,
 * with a margin.
 */
export const FOREIGN_SHARE = 0.2;

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

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/**
 * The spellings one edit from `word` that keep its first letter: a letter dropped, added, changed, or two
 * neighbours swapped. The trigram lookup misses some of them: "clinet" shares too few trigrams with "client".
 */
export function oneEditAway(word: string): string[] {
  const variants = new Set<string>();
  for (let at = 1; at <= word.length; at += 1) {
    const head = word.slice(0, at);
    const tail = word.slice(at);
    if (tail.length > 0) variants.add(head + tail.slice(1));
    if (tail.length > 1) variants.add(head + (tail[1] ?? '') + (tail[0] ?? '') + tail.slice(2));
    for (const letter of LETTERS) {
      variants.add(head + letter + tail);
      if (tail.length > 0) variants.add(head + letter + tail.slice(1));
    }
  }
  variants.delete(word);
  return [...variants];
}

/** Words the suggestion reads: numbers, release numbers, keys and codes are never corrected, nor short words. */
const isCorrectable = (word: string) => word.length >= 3 && !/[\d.-]/.test(word);

/** The shortest half a word run together from two ("dryrun") is cut into. */
const SHORTEST_HALF = 3;

/**
 * Two listed words a word no item holds may be run together from ("dryrun": "dry run"). Only a suggestion: a
 * product's name is often two ordinary words run together, so the word stays foreign and only a match of every
 * word of the respelled query is shown (fallbacks.ts), never the partial match.
 */
async function splitOf(word: string, vocabulary: Vocabulary): Promise<string | undefined> {
  const halves: [string, string][] = [];
  for (let at = SHORTEST_HALF; at <= word.length - SHORTEST_HALF; at += 1)
    halves.push([word.slice(0, at), word.slice(at)]);
  if (halves.length === 0) return undefined;
  const listed = new Set((await vocabulary.listed(halves.flat())).map((candidate) => candidate.word));
  const found = halves.find(([head, tail]) => listed.has(head) && listed.has(tail));
  return found ? found.join(' ') : undefined;
}

/** A word's respelling, and how many items hold it when it is the content's (undefined for a split). */
interface Respelling {
  word: string;
  items?: number;
}

async function respellingOf(
  word: string,
  vocabulary: Vocabulary,
  everyday: ReadonlySet<string>,
): Promise<Respelling | undefined> {
  let candidates = await vocabulary.similar(word);
  if (correctionOf(word, candidates) === undefined)
    candidates = [...candidates, ...(await vocabulary.listed(oneEditAway(word)))];
  const correction = candidates.find((candidate) => candidate.word === correctionOf(word, candidates));
  if (correction) return correction;
  // An everyday word ("overnight") is a word of its own, not two run together.
  if (everyday.has(word)) return undefined;
  const split = await splitOf(word, vocabulary);
  return split === undefined ? undefined : { word: split };
}

/**
 * The spellings of a word's synonym group (config/search-synonyms.yaml) that are one word: the search matches
 * any of them, so a word the content never uses ("qemu") is the content's when a synonym of it is ("kvm").
 */
function synonymWordsOf(word: string, synonyms: SynonymIndex): string[] {
  return (synonyms.groupOf.get(word) ?? [])
    .filter((spelling) => spelling.length === 1 && spelling[0] !== word)
    .map((spelling) => spelling[0] ?? '');
}

/** The query's corrected spelling, and the share of its meaningful words' weight its foreign words carry. */
export async function weighQuery(
  query: string,
  vocabulary: Vocabulary,
): Promise<{ suggestion?: string; foreignShare: number }> {
  // Cut as the search cuts them: an identifier (`7.2`, `NET-1008`) stays whole and is kept as typed.
  const words = wordsOf(query).slice(0, 8);
  const checked = [...new Set(words.filter(isCorrectable))];
  const synonymWords = new Map(checked.map((word) => [word, synonymWordsOf(word, vocabulary.synonyms)]));
  const known = await vocabulary.known([...new Set([...checked, ...[...synonymWords.values()].flat()])]);
  const itemsOf = (word: string): number | undefined => {
    const counts = [word, ...(synonymWords.get(word) ?? [])].flatMap((spelling) => {
      const items = known.items.get(spelling);
      return items === undefined ? [] : [items];
    });
    return counts.length === 0 ? undefined : Math.max(...counts);
  };
  const everyday = await vocabulary.everyday();
  const respellings = new Map<string, Respelling | undefined>();
  await Promise.all(
    checked
      .filter((word) => itemsOf(word) === undefined)
      .map(async (word) => respellings.set(word, await respellingOf(word, vocabulary, everyday))),
  );
  const idf = (items: number) => Math.log(1 + Math.max(1, known.total) / (1 + items));
  let weight = 0;
  let foreignWeight = 0;
  for (const word of checked.filter((meaningful) => !STOP_WORDS.has(meaningful))) {
    const items = itemsOf(word) ?? respellings.get(word)?.items;
    if (items !== undefined) weight += idf(items);
    else if (!everyday.has(word)) {
      weight += idf(0);
      foreignWeight += idf(0);
    }
  }
  const corrected = words.map((word) => respellings.get(word)?.word ?? word);
  const changed = corrected.some((word, index) => word !== words[index]);
  return {
    ...(changed ? { suggestion: corrected.join(' ') } : {}),
    foreignShare: weight === 0 ? 0 : foreignWeight / weight,
  };
}

/** The query's corrected spelling and whether it is foreign to the content. */
export async function readQuery(query: string, vocabulary: Vocabulary): Promise<QueryReading> {
  const { suggestion, foreignShare } = await weighQuery(query, vocabulary);
  return { ...(suggestion ? { suggestion } : {}), foreign: foreignShare >= FOREIGN_SHARE };
}
