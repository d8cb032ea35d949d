import stem from 'wink-porter2-stemmer';
import { MARK_END, MARK_START } from '../../../common/snippet.js';
import { NOISE_WORDS } from './stop-words.js';
import { tokenAt, wordsOf, type ParsedQuery, type QueryTerm } from './query-terms.js';

/**
 * Search snippets highlighted in the server rather than by the database's ts_headline, which parses the whole
 * text of every row of a page inside the statement (about a third of a search's database time). The statement
 * returns the start of the text; here its words are stemmed with Porter2, the Snowball English stemmer that
 * the `portal_english` text search configuration uses, so a word is marked exactly when the database would
 * have matched it: `gateways` for the query `gateway`, `policies` for `policy`, and for the last word typed any
 * word whose stem starts with its stem. Identifiers are matched whole (query-terms.ts `wordsOf`): `7.2` is
 * marked in "from 7.2 to 8.1", never the `2` of it, and a lone digit is never marked.
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

/**
 * A word's Porter2 stem, as the `portal_english` configuration stems it. A token holding a digit is kept as it
 * is: PostgreSQL's parser gives numbers, versions and words with digits to the `simple` dictionary, which does
 * not stem (Porter2 would make `8.1.1305` into `8.1.1y05`).
 */
export function stemOf(word: string): string {
  const lower = word.toLowerCase();
  if (/\d/.test(lower)) return lower;
  let stemmed = knownStems.get(lower);
  if (stemmed === undefined) {
    stemmed = stem(lower);
    if (knownStems.size >= KNOWN_STEMS_MAX) knownStems.clear();
    knownStems.set(lower, stemmed);
  }
  return stemmed;
}

/**
 * The stems of the words of `text` but its noise words, which no query holds: what of the text's search vector
 * a query can match, so code that weighs text in the server (the assistant's passages) matches exactly as the
 * database does.
 */
export function stemsOf(text: string): Set<string> {
  return new Set(
    wordsOf(text)
      .filter((word) => !NOISE_WORDS.has(word))
      .map(stemOf),
  );
}

/** Each spelling of a term as its stems, noise words left out; a spelling of noise words only is dropped. */
export function spellingStems(term: QueryTerm): string[][] {
  return term.spellings
    .map((spelling) => spelling.filter((word) => !NOISE_WORDS.has(word)).map(stemOf))
    .filter((stems) => stems.length > 0);
}

/** A single digit: it matches in the database, but marked in a snippet it only adds noise. */
const isLoneDigit = (word: string) => /^\d$/.test(word);

/**
 * Every word of every spelling of the query's terms (noise words are never searched for, so never marked;
 * lone digits are not marked).
 */
export function highlightTermsOf(query: ParsedQuery): HighlightTerms {
  const stems = new Set<string>();
  const prefixes: string[] = [];
  for (const term of query.terms) {
    term.spellings.forEach((spelling, index) => {
      for (const word of spelling) {
        if (NOISE_WORDS.has(word) || isLoneDigit(word)) continue;
        if (term.prefix && index === 0) prefixes.push(stemOf(word));
        else stems.add(stemOf(word));
      }
    });
  }
  // The only regular-expression characters of a token are the dots of a release number (query-terms.ts).
  // No Unicode property classes in this per-query expression: V8 compiles a new expression for every new
  // query, and with case-insensitive letter classes the three compilations of a search took more CPU than
  // all its snippets (a search's 30 snippets for never-seen queries: 4.6 ms of CPU with them, 1.3 ms
  // without). Where a word starts and ends is found with the two constant expressions below.
  const openings = new Set(
    [...stems, ...prefixes]
      .map((value) => value.slice(0, 2).replace('.', '\\.'))
      .filter((opening) => opening !== ''),
  );
  const candidates = openings.size === 0 ? null : new RegExp([...openings].join('|'), 'gi');
  return { stems, prefixes, candidates };
}

/** A letter or a digit: what the words of a text and of a query are made of. */
const WORD_CHARACTER = /[\p{L}\p{N}]/u;

/** Whether the code point before `index` is a letter or a digit (false at the start of the text). */
function wordCharacterBefore(text: string, index: number): boolean {
  if (index <= 0) return false;
  let before = index - 1;
  const unit = text.charCodeAt(before);
  // The second half of a surrogate pair: the code point starts one unit earlier.
  if (unit >= 0xdc00 && unit <= 0xdfff && before > 0) before -= 1;
  return WORD_CHARACTER.test(String.fromCodePoint(text.codePointAt(before) ?? 0));
}

/**
 * Whether a word starts at `index`: the code point before it, if any, is no letter or digit, nor the dot or
 * hyphen inside an identifier before a digit (the `2` of `7.2`, the `1008` of `NET-1008`).
 */
function startsWord(text: string, index: number): boolean {
  if (wordCharacterBefore(text, index)) return false;
  const joint = text[index - 1];
  return !(
    (joint === '.' || joint === '-') &&
    /\d/.test(text[index] ?? '') &&
    wordCharacterBefore(text, index - 1)
  );
}

/** The runs of letters and digits from `lastIndex` on (sticky: matches exactly there, possibly nothing). */
const WORD_REST = /[\p{L}\p{N}]*/uy;

/**
 * The words that may be matched at `start`: the token there, and for a hyphened identifier its first run of
 * letters and digits too (PostgreSQL keeps `net` of `NET-1008` as a lexeme of its own).
 */
function wordsAt(text: string, start: number): string[] {
  const token = tokenAt(text, start);
  if (!token.includes('-')) return [token];
  WORD_REST.lastIndex = start;
  WORD_REST.test(text);
  return [token, text.slice(start, WORD_REST.lastIndex)];
}

interface Match {
  start: number;
  end: number;
  stem: string;
}

/** The stem `word` matches, or null. */
function matchOf(word: string, terms: HighlightTerms): string | null {
  const lower = word.toLowerCase();
  if (NOISE_WORDS.has(lower) || isLoneDigit(lower)) return null;
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
    const words = wordsAt(text, start);
    // The next opening is looked for after this word, not inside it.
    openings.lastIndex = start + Math.max(opening[0].length, words[0]?.length ?? 0);
    for (const word of words) {
      const stemmed = matchOf(word, terms);
      if (stemmed) {
        found.push({ start, end: start + word.length, stem: stemmed });
        break;
      }
    }
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
