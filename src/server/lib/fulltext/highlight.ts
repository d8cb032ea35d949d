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
   * Where the words that open like a stem (its first two letters, the only one of a one-letter stem) may
   * start, found in one pass; null when the query holds no stem. Porter2 changes only a word's ending, so no
   * other word matches.
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
  // No Unicode property classes in this per-query expression: V8 compiles a new expression for every new
  // query, and with case-insensitive letter classes the three compilations of a search took more CPU than
  // all its snippets (a search's 30 snippets for never-seen queries: 4.6 ms of CPU with them, 1.3 ms
  // without). Where a word starts and ends is found with the two constant expressions below.
  const openings = new Set(
    [...stems, ...prefixes].map((value) => value.slice(0, 2)).filter((opening) => opening !== ''),
  );
  const candidates = openings.size === 0 ? null : new RegExp([...openings].join('|'), 'gi');
  return { stems, prefixes, candidates };
}

/** A letter or a digit: what the words of a text and of a query are made of. */
const WORD_CHARACTER = /[\p{L}\p{N}]/u;
/** The letters and digits from `lastIndex` on (sticky: matches exactly there, possibly nothing). */
const WORD_REST = /[\p{L}\p{N}]*/uy;

/** Whether a word starts at `index`: the code point before it, if any, is no letter or digit. */
function startsWord(text: string, index: number): boolean {
  if (index === 0) return true;
  let before = index - 1;
  const unit = text.charCodeAt(before);
  // The second half of a surrogate pair: the code point starts one unit earlier.
  if (unit >= 0xdc00 && unit <= 0xdfff && before > 0) before -= 1;
  return !WORD_CHARACTER.test(String.fromCodePoint(text.codePointAt(before) ?? 0));
}

/** Where the word that goes on at `index` ends. */
function wordEnd(text: string, index: number): number {
  WORD_REST.lastIndex = index;
  WORD_REST.test(text);
  return WORD_REST.lastIndex;
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
  const openings = terms.candidates;
  if (!openings) return [];
  const found: Match[] = [];
  openings.lastIndex = 0;
  for (let opening = openings.exec(text); opening; opening = openings.exec(text)) {
    const start = opening.index;
    if (!startsWord(text, start)) continue;
    const end = wordEnd(text, start + opening[0].length);
    // The next opening is looked for after this word, not inside it.
    openings.lastIndex = end;
    const stemmed = matchOf(text.slice(start, end), terms);
    if (stemmed) found.push({ start, end, stem: stemmed });
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
