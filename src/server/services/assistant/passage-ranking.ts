import { markedSnippet } from '../../../common/snippet.js';
import {
  highlight,
  highlightTermsOf,
  spellingStems,
  stemsOf,
  type HighlightTerms,
} from '../../lib/fulltext/highlight.js';
import {
  isReleaseNumber,
  MAX_TERMS,
  parseQuery,
  wordsOf,
  type SynonymIndex,
} from '../../lib/fulltext/query-terms.js';
import type { Passage } from './passages.js';
import type { TermRarity } from './term-rarity.js';

/**
 * How well a passage answers a question, in words a support engineer can check by hand. The question is parsed
 * as the search parses it (terms, phrases of the synonym list, any spelling of a synonym group); only its
 * meaningful terms count (not stop words, not the words of asking: "how do I", "why does my"). A term counts
 * {@link IN_TEXT} when the passage's text holds it, {@link IN_TITLE} when the item's title or the section's
 * heading does (a heading says what the whole section is about); words match by their Porter2 stem, as the
 * database matches them. The score is the weighed sum over the terms divided by the sum of their weights
 * ({@link weighTerms}: a rare term counts more than a common one, an earlier question's less than the latest's).
 */
const IN_TEXT = 1;
const IN_TITLE = 1.5;

/**
 * Below this score the best passage is too weak to show, and the assistant says plainly that it found nothing:
 * the passage then holds less than about two fifths of the question's weighed terms (or a little over a
 * quarter, when they are in its heading or title). Chosen with the quality bench (bench/assistant), where it
 * balances the answerable questions answered against the unanswerable ones declined.
 */
export const MIN_CONFIDENT_SCORE = 0.42;

export interface Question {
  /**
   * What is searched: the question's meaningful terms in order, each once, at most as many as a search takes
   * ('' when it has none). A question is mostly words of asking, which would use up a search's terms.
   */
  query: string;
  /** Each searched term as its spellings' stems. */
  terms: string[][][];
  /** Each searched term's words as typed (lower case), beside {@link terms}. */
  typed: string[][];
  /** For the excerpts' highlighting. */
  highlight: HighlightTerms;
  /** How much each term counts: less for an earlier question's, then by rarity ({@link weighTerms}). */
  weights: number[];
  /**
   * The release numbers the latest question names (`7.2`, `8.1.1305`), without a leading `v`: a passage that does
   * not name every one of them answers another release's question, however many other words it shares.
   */
  releases: string[];
}

const releasesOf = (text: string): string[] => [
  ...new Set(
    wordsOf(text)
      .filter(isReleaseNumber)
      .map((word) => word.replace(/^v/, '')),
  ),
];

/** The meaningful terms of a text, each once, in order (a phrase of the synonym list as one term). */
function meaningfulTermsOf(text: string, synonyms: SynonymIndex): string[] {
  // Every word is read (a phrase of the synonym list, "log in", is found before its stop word is dropped).
  const meaningful = parseQuery(text, synonyms, Number.POSITIVE_INFINITY)
    .terms.filter((term) => term.meaningful)
    .map((term) => term.words.join(' '));
  return [...new Set(meaningful)];
}

/**
 * In a conversation, the earlier question's terms count this much of the latest question's: they say what the
 * conversation is about ("and on KVM?" after a question on Edge sizing), the latest words what is asked now.
 */
const EARLIER_TERM_WEIGHT = 0.5;

/**
 * The question to search and score: its meaningful terms, and in a conversation also those of the earlier
 * question that it does not repeat (after its own, so the cap on terms keeps the latest question whole).
 */
export function questionOf(text: string, synonyms: SynonymIndex, earlier?: string): Question {
  const own = meaningfulTermsOf(text, synonyms);
  const context = earlier === undefined ? [] : meaningfulTermsOf(earlier, synonyms);
  const fromEarlier = new Set(context.filter((term) => !own.includes(term)));
  const query = [...own, ...fromEarlier].slice(0, MAX_TERMS).join(' ');
  const parsed = parseQuery(query, synonyms);
  const weighed = parsed.terms
    .map((term) => ({
      words: term.words,
      spellings: spellingStems(term),
      weight: fromEarlier.has(term.words.join(' ')) ? EARLIER_TERM_WEIGHT : 1,
    }))
    .filter((term) => term.spellings.length > 0);
  return {
    query,
    terms: weighed.map((term) => term.spellings),
    typed: weighed.map((term) => term.words),
    highlight: highlightTermsOf(parsed),
    weights: weighed.map((term) => term.weight),
    releases: releasesOf(text),
  };
}

/** Items holding a term: those holding its most used spelling (a spelling of several words: its rarest word). */
function itemsWithTerm(rarity: TermRarity, term: string[][]): number {
  return Math.max(0, ...term.map((spelling) => Math.min(...spelling.map((stem) => rarity.itemsWith(stem)))));
}

/**
 * A term no item of the help content holds counts this much more than its rarity alone says: the content has
 * nothing on it at all ("Can the Controller open change tickets in ServiceNow?"), so a question turning on it
 * is most likely one the content does not answer. Chosen with the quality bench (bench/assistant). An everyday
 * English word the content happens not to use ("although", "forty", "overnight") is how a customer phrases the
 * question, not what it is about: it weighs by its rarity alone, as the search reads it (search/suggest.ts).
 */
const ABSENT_TERM_FACTOR = 2;

/**
 * Weighs each term of the question by how rare it is in the help content (inverse document frequency): a term
 * few items hold names what the question is about, so a passage that lacks it covers little of the question
 * however many common words it shares ("How much does a gateway cost in euros?" is not answered by a passage
 * about gateways). A term no item holds weighs the most, unless its words are everyday English
 * ({@link ABSENT_TERM_FACTOR}; `everyday`: lib/fulltext/everyday-words.ts).
 */
export function weighTerms(question: Question, rarity: TermRarity, everyday: ReadonlySet<string>): Question {
  const weights = question.terms.map((term, index) => {
    const items = itemsWithTerm(rarity, term);
    const idf = Math.log(1 + rarity.items / (1 + items));
    const foreign = items === 0 && !(question.typed[index] ?? []).every((word) => everyday.has(word));
    return (question.weights[index] ?? 1) * idf * (foreign ? ABSENT_TERM_FACTOR : 1);
  });
  return { ...question, weights };
}

/**
 * When the terms no item of the help content holds carry this share of a weighed question's weight or more,
 * the assistant is not confident whatever passages share its other words: half of what it asks about is
 * nothing the content mentions ("How do I route multicast traffic between two spokes?"). The assistant's own
 * counterpart of the search's off-topic gate (search/suggest.ts), which the assistant's searches do not take:
 * that gate, made for short queries, reads one rare word of a long question ("plugins", "breakout") as another
 * product's name and leaves the question with no passage at all. On the quality bench's tuning set the
 * answerable questions carry at most 0.42, most of its unanswerable ones 0.45 or more; half, with a margin.
 */
export const MAX_ABSENT_SHARE = 0.5;

/** The share of a weighed question's weight that its terms no item of the help content holds carry. */
export function absentShare(question: Question, rarity: TermRarity): number {
  let total = 0;
  let absent = 0;
  question.terms.forEach((term, index) => {
    const weight = question.weights[index] ?? 0;
    total += weight;
    if (itemsWithTerm(rarity, term) === 0) absent += weight;
  });
  return total === 0 ? 0 : absent / total;
}

const holds = (stems: ReadonlySet<string>, term: string[][]): boolean =>
  term.some((spelling) => spelling.every((stem) => stems.has(stem)));

/** The score of one passage (0 when the question has no meaningful term). */
export function passageScore(question: Question, passage: Pick<Passage, 'itemTitle' | 'heading' | 'text'>) {
  if (question.terms.length === 0) return 0;
  const title = stemsOf(`${passage.itemTitle} ${passage.heading}`);
  const text = stemsOf(passage.text);
  const names = (release: string) =>
    [release, `v${release}`].some((word) => title.has(word) || text.has(word));
  if (!question.releases.every(names)) return 0;
  let sum = 0;
  let total = 0;
  question.terms.forEach((term, index) => {
    const weight = question.weights[index] ?? 1;
    total += weight;
    if (holds(title, term)) sum += weight * IN_TITLE;
    else if (holds(text, term)) sum += weight * IN_TEXT;
  });
  return total === 0 ? 0 : sum / total;
}

export interface RankedPassage extends Passage {
  score: number;
}

/**
 * The passages best first: by score, then the item the search ranked higher, then the earlier section. At most
 * `limit`, one per item: three sections of one article say less than three articles.
 */
export function rankPassages(
  question: Question,
  passages: readonly Passage[],
  limit: number,
): RankedPassage[] {
  const ranked = passages
    .map((passage) => ({ ...passage, score: passageScore(question, passage) }))
    .filter((passage) => passage.score > 0)
    .sort(
      (a, b) =>
        b.score - a.score || a.itemRank - b.itemRank || a.source.localeCompare(b.source) || a.order - b.order,
    );
  const seen = new Set<string>();
  const best: RankedPassage[] = [];
  for (const passage of ranked) {
    const item = `${passage.source} ${passage.url.split('#')[0] ?? ''}`;
    if (seen.has(item)) continue;
    seen.add(item);
    best.push(passage);
    if (best.length === limit) break;
  }
  return best;
}

/** The excerpt shown: about 200 characters around the question's words, those marked (`markedSnippet`). */
export function excerptOf(question: Question, passage: Pick<Passage, 'text'>): string {
  return markedSnippet(highlight(passage.text, question.highlight));
}
