import stem from 'wink-porter2-stemmer';
import { MARK_END, MARK_START } from '../../../common/snippet.js';
import { POSTGRES_STOP_WORDS } from './stop-words.js';
import { wordsOf, type ParsedQuery, type QueryTerm } from './query-terms.js';

/**
 * Search snippets highlighted in the server rather than by the database's ts_headline, which parses the whole
 * text of every row of a page inside the statement (about a third of a search's database time). The statement
 * returns the start of the text; here its words are stemmed with Porter2, the Snowball English stemmer that
 * the `english` text search configuration uses, so a word is marked exactly when the database would have
 * matched it: `gateways` for the query `gateway`, `policies` for `policy`, and for the last word typed any
 * word whose stem starts with its stem.
 */

/** The stems a snippet marks: whole-word stems, and the stems of the prefix term. */
export interface HighlightTerms {
  stems: ReadonlySet<string>;
  prefixes: readonly string[];
  /**
   * The words that open like a stem (its first two letters, the only one of a one-letter stem), found in one
   * pass; null when the query holds no stem. Porter2 changes only a word's ending, so no other word matches.
   */
  candidates: RegExp | null;
}

/** The span whose matches are counted when choosing the snippet (the snippet shows about 200 characters). */
const WINDOW_CHARS = 200;
/** Context kept before the first match of the window, so a snippet does not open on its match. */
const LEAD_CHARS = 30;
/** Text handed on for cutting: the window and a margin (markedSnippet counts only visible characters). */
const FRAGMENT_CHARS = 400;

/**
 * Stems already computed, by lower-cased word. Porter2 runs a dozen regular expressions per word, and the
 * snippets of one search repeat the same few words many times: stemming was a fifth of the portal's CPU per
 * uncached search (profile of the search bench's caches-off run). Emptied when full, so it stays bounded.
 */
const knownStems = new Map<string, string>();
const KNOWN_STEMS_MAX = 20_000;

/** A word's Porter2 stem, as the `english` configuration stems it. */
export function stemOf(word: string): string {
  const lower = word.toLowerCase();
  let stemmed = knownStems.get(lower);
  if (stemmed === undefined) {
    stemmed = stem(lower);
    if (knownStems.size >= KNOWN_STEMS_MAX) knownStems.clear();
    knownStems.set(lower, stemmed);
  }
  return stemmed;
}

/**
 * The stems of the words of `text` without PostgreSQL's stop words: what the text's search vector would hold,
 * so code that weighs text in the server (the assistant's passages) matches exactly as the database does.
 */
export function stemsOf(text: string): Set<string> {
  return new Set(
    wordsOf(text)
      .filter((word) => !POSTGRES_STOP_WORDS.has(word))
      .map(stemOf),
  );
}

/** Each spelling of a term as its stems, stop words left out; a spelling of stop words only is dropped. */
export function spellingStems(term: QueryTerm): string[][] {
  return term.spellings
    .map((spelling) => spelling.filter((word) => !POSTGRES_STOP_WORDS.has(word)).map(stemOf))
    .filter((stems) => stems.length > 0);
}

/** Every word of every spelling of the query's terms (stop words are never matched, as in the database). */
export function highlightTermsOf(query: ParsedQuery): HighlightTerms {
  const stems = new Set<string>();
  const prefixes: string[] = [];
  for (const term of query.terms) {
    term.spellings.forEach((spelling, index) => {
      for (const word of spelling) {
        if (POSTGRES_STOP_WORDS.has(word)) continue;
        if (term.prefix && index === 0) prefixes.push(stemOf(word));
        else stems.add(stemOf(word));
      }
    });
  }
  // Regular-expression characters cannot occur: words are runs of letters and digits (query-terms.ts).
  const openings = new Set([...stems, ...prefixes].map((value) => value.slice(0, 2)));
  const candidates =
    openings.size === 0
      ? null
      : new RegExp(`(?<![\\p{L}\\p{N}])(?:${[...openings].join('|')})[\\p{L}\\p{N}]*`, 'giu');
  return { stems, prefixes, candidates };
}

interface Match {
  start: number;
  end: number;
  stem: string;
}

/** The stem `word` matches, or null. */
function matchOf(word: string, terms: HighlightTerms): string | null {
  const lower = word.toLowerCase();
  if (POSTGRES_STOP_WORDS.has(lower)) return null;
  const stemmed = stemOf(lower);
  return terms.stems.has(stemmed) || terms.prefixes.some((prefix) => stemmed.startsWith(prefix))
    ? stemmed
    : null;
}

/**
 * The matched words of `text`. Only words that open like a stem are looked at (found by one regular
 * expression), since stemming every word of a page's texts cost more server time than the database spent on
 * the whole search.
 */
function matchesIn(text: string, terms: HighlightTerms): Match[] {
  if (!terms.candidates) return [];
  const found: Match[] = [];
  for (const candidate of text.matchAll(terms.candidates)) {
    const stemmed = matchOf(candidate[0], terms);
    if (stemmed)
      found.push({ start: candidate.index, end: candidate.index + candidate[0].length, stem: stemmed });
  }
  return found;
}

/** Where the snippet opens: a little before the span of {@link WINDOW_CHARS} with the most distinct matches. */
function openingOf(text: string, found: readonly Match[]): number {
  let best = { start: 0, score: 0 };
  found.forEach((first, index) => {
    const distinct = new Set<string>();
    for (let next = index; next < found.length; next += 1) {
      const match = found[next] as Match;
      if (match.end > first.start + WINDOW_CHARS) break;
      distinct.add(match.stem);
    }
    if (distinct.size > best.score) best = { start: first.start, score: distinct.size };
  });
  if (best.start <= LEAD_CHARS) return 0;
  // Open at the first word that starts in the lead, not in the middle of one.
  const lead = text.slice(best.start - LEAD_CHARS, best.start);
  const wordStart = /[^\p{L}\p{N}][\p{L}\p{N}]/u.exec(lead);
  return best.start - LEAD_CHARS + (wordStart ? wordStart.index + 1 : LEAD_CHARS);
}

/**
 * A fragment of `text` with {@link MARK_START}/{@link MARK_END} around the matched words, for markedSnippet
 * (common/snippet.ts), which cuts and escapes it.
 */
export function highlight(text: string, terms: HighlightTerms): string {
  const found = matchesIn(text, terms);
  const from = openingOf(text, found);
  const to = Math.min(text.length, from + FRAGMENT_CHARS);
  let out = '';
  let cursor = from;
  for (const match of found) {
    if (match.start < from) continue;
    if (match.end > to) break;
    out += `${text.slice(cursor, match.start)}${MARK_START}${text.slice(match.start, match.end)}${MARK_END}`;
    cursor = match.end;
  }
  return out + text.slice(cursor, to);
}
