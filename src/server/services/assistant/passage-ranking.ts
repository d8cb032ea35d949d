import { markedSnippet } from '../../../common/snippet.js';
import {
  highlight,
  highlightTermsOf,
  spellingStems,
  stemsOf,
  type HighlightTerms,
} from '../../lib/fulltext/highlight.js';
import { MAX_TERMS, parseQuery, type SynonymIndex } from '../../lib/fulltext/query-terms.js';
import type { Passage } from './passages.js';

/**
 * How well a passage answers a question, in words a support engineer can check by hand. The question is parsed
 * as the search parses it (terms, phrases of the synonym list, any spelling of a synonym group); only its
 * meaningful terms count (not stop words, not the words of asking: "how do I", "why does my"). A term counts
 * {@link IN_TEXT} when the passage's text holds it, {@link IN_TITLE} when the item's title or the section's
 * heading does (a heading says what the whole section is about); words match by their Porter2 stem, as the
 * database matches them. The score is the sum over the terms divided by their number.
 */
const IN_TEXT = 1;
const IN_TITLE = 1.5;

/**
 * Below this score the best passage is too weak to show, and the assistant says plainly that it found nothing:
 * the passage then holds fewer than half of the question's meaningful terms (or fewer than a third, when they
 * are in its heading or title). Half is also what the search's partial match asks of an item, so a passage the
 * assistant shows holds as much of the question as an item the search would show.
 */
export const MIN_CONFIDENT_SCORE = 0.5;

export interface Question {
  /**
   * What is searched: the question's meaningful terms in order, each once, at most as many as a search takes
   * ('' when it has none). A question is mostly words of asking, which would use up a search's terms.
   */
  query: string;
  /** Each searched term as its spellings' stems. */
  terms: string[][][];
  /** For the excerpts' highlighting. */
  highlight: HighlightTerms;
}

export function questionOf(text: string, synonyms: SynonymIndex): Question {
  // Every word is read (a phrase of the synonym list, "log in", is found before its stop word is dropped).
  const meaningful = parseQuery(text, synonyms, Number.POSITIVE_INFINITY)
    .terms.filter((term) => term.meaningful)
    .map((term) => term.words.join(' '));
  const query = [...new Set(meaningful)].slice(0, MAX_TERMS).join(' ');
  const parsed = parseQuery(query, synonyms);
  return {
    query,
    terms: parsed.terms.map(spellingStems).filter((spellings) => spellings.length > 0),
    highlight: highlightTermsOf(parsed),
  };
}

const holds = (stems: ReadonlySet<string>, term: string[][]): boolean =>
  term.some((spelling) => spelling.every((stem) => stems.has(stem)));

/** The score of one passage (0 when the question has no meaningful term). */
export function passageScore(question: Question, passage: Pick<Passage, 'itemTitle' | 'heading' | 'text'>) {
  if (question.terms.length === 0) return 0;
  const title = stemsOf(`${passage.itemTitle} ${passage.heading}`);
  const text = stemsOf(passage.text);
  let sum = 0;
  for (const term of question.terms) {
    if (holds(title, term)) sum += IN_TITLE;
    else if (holds(text, term)) sum += IN_TEXT;
  }
  return sum / question.terms.length;
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
