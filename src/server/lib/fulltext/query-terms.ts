import { NARROWING_WORDS, NOISE_WORDS, STOP_WORDS } from './stop-words.js';

/**
 * How a typed query becomes the tsquery of the built-in sources. The text is cut into terms (a word, a
 * "quoted phrase", or a phrase of the synonym list), each term may be matched by any spelling of its synonym
 * group, the last word typed also matches as a prefix (the user may still be typing it), and `-word` excludes.
 *
 * Every lexeme handed to PostgreSQL is a run of letters and digits, or an identifier (see {@link wordsOf}) in
 * quotes, so the tsquery text built here cannot hold operators the user typed: `to_tsquery` then stems each
 * lexeme with the `portal_english` configuration, exactly as the stored vectors were built, and parses a quoted
 * identifier with the same parser as the stored text, into the same lexemes. That configuration keeps every
 * word, so the noise words (stop-words.ts) are left out here, and the narrowing words ("down", "not", "after")
 * rank the items holding them first without being required ({@link boostTerms}).
 */

export interface QueryTerm {
  /** The words as typed (lower case). */
  words: string[];
  /** Every spelling that matches this term: the typed one first, then its synonyms. */
  spellings: string[][];
  /** The last word typed, matched as a prefix too. */
  prefix: boolean;
  /** Whether any of its words is more than a stop word or a question word (partial matches count these). */
  meaningful: boolean;
  /**
   * Typed without quotes and made of narrowing words (and noise words): "down", "not up". It raises the rank of
   * the items holding it instead of being required, and is matched whole, never as a prefix.
   */
  narrows: boolean;
}

export interface ParsedQuery {
  terms: QueryTerm[];
  /** Words after a minus sign: no match may hold them. */
  excluded: string[];
}

/** Synonym groups indexed by each spelling (its words joined by one space). */
export interface SynonymIndex {
  groupOf: ReadonlyMap<string, readonly string[][]>;
  /** The longest spelling in words, how far a phrase match looks ahead. */
  longest: number;
}

/**
 * The tokens of a text: identifiers, then runs of letters and digits. Identifiers are what PostgreSQL's parser
 * keeps whole, or as a fixed sequence of lexemes, and what splitting on every other character would break into
 * digits that match anything: release numbers (`7.2`, `8.1.1305`, `v7.2`: one `float`, `version` or `file`
 * lexeme each) and tracker keys, error codes or CVE ids (`NET-1008`, stored as `net` followed by `-1008`;
 * `CVE-2025-9230` as `cve`, `-2025`, `-9230`). A ticket number (`32`, `#32`) and a code such as `0x80004005` are
 * runs of letters and digits already.
 */
const TOKEN = /\p{L}[\p{L}\p{N}]*(?:-\d[\p{L}\p{N}]*)+(?:\.\d+)*|[\p{L}\p{N}]*\d(?:\.\d+)+|[\p{L}\p{N}]+/gu;

/** Runs of letters and digits joined by dots or hyphens: only these may hold an identifier. */
const JOINED_RUNS = /[\p{L}\p{N}]+(?:[.-][\p{L}\p{N}]+)*/gu;

export function wordsOf(text: string): string[] {
  const words: string[] = [];
  // Most runs are plain words: only a joined one is cut with the slower expression of the identifiers.
  for (const run of text.toLowerCase().match(JOINED_RUNS) ?? []) {
    if (run.includes('.') || run.includes('-')) words.push(...(run.match(TOKEN) ?? []));
    else words.push(run);
  }
  return words;
}

/** The token of `text` that starts at `index` (as {@link wordsOf} cuts it), or '' when none starts there. */
const TOKEN_AT = new RegExp(TOKEN.source, 'uy');
export function tokenAt(text: string, index: number): string {
  TOKEN_AT.lastIndex = index;
  return TOKEN_AT.exec(text)?.[0] ?? '';
}

/** A token that is more than a run of letters and digits: an identifier, handed to PostgreSQL in quotes. */
export const isIdentifier = (word: string): boolean => /[.-]/.test(word);

/** A release number: `7.2`, `8.1.1305`, `2023.39.8`, `v7.2`. */
export const isReleaseNumber = (word: string): boolean => /^v?\d+(?:\.\d+)+$/.test(word);

/**
 * A number, an identifier or a hexadecimal error code: never matched as a prefix (`8.1` must not find `8.10`,
 * nor `32` find `3200`).
 */
const isNumbered = (word: string): boolean =>
  isIdentifier(word) || /^\d+$/.test(word) || /^0x[\da-f]+$/.test(word);

/**
 * A term of one identifier or code (`7.2`, `NET-1008`, `0x80004005`; not a plain number, which may be a count
 * as well as a ticket): what a partial match may not leave out, since an item without it is about another
 * release or another error.
 */
const isIdentifierTerm = (term: QueryTerm): boolean => {
  const word = term.words.length === 1 ? (term.words[0] ?? '') : '';
  return isIdentifier(word) || /^0x[\da-f]+$/.test(word);
};

/**
 * Whether a query names an identifier or a code: a release number, key or hexadecimal code, or, in the text as
 * typed, a code written as one word joined by underscores (`QUOTA_EXCEEDED`) or with capitals inside
 * (`RouteLimitExceeded`). Its exact token decides, and a meaning nearby would only push it down.
 */
export function namesIdentifier(text: string): boolean {
  return (
    /[\p{L}\p{N}]_[\p{L}\p{N}]/u.test(text) ||
    /\p{Ll}\p{Lu}\p{Ll}/u.test(text) ||
    parseQuery(text).terms.some(isIdentifierTerm)
  );
}

/** What a query of one identifier alone names: a ticket (`32`, `#32`) or a tracker issue (`NET-1008`). */
export type NamedItem = { kind: 'ticket'; id: number } | { kind: 'issue'; key: string };

/** Ticket numbers are 32-bit integers: a longer run of digits names none. */
const MAX_TICKET_DIGITS = 9;

/**
 * Words that may come before the number or key a query names ("ticket 31", "case no 31", "issue NET-1008"):
 * the query still names that one item, of the kind its noun says.
 */
const TICKET_NOUNS = new Set(['ticket', 'case', 'request', 'incident']);
const ISSUE_NOUNS = new Set(['issue', 'bug', 'defect', 'jira']);
const NUMBER_WORDS = new Set(['number', 'no', 'nr']);

/**
 * The ticket or issue a query names when it is nothing but its number or key, after at most a noun of its
 * kind and a word for "number" ("ticket no 31", "no 31"); null otherwise.
 */
export function namedItemOf(query: ParsedQuery): NamedItem | null {
  if (query.excluded.length > 0 || query.terms.some((term) => term.words.length !== 1)) return null;
  const words = query.terms.map((term) => term.words[0] ?? '');
  const word = words[words.length - 1];
  const before = words.slice(0, -1);
  if (word === undefined || before.length > 2) return null;
  const [noun, ...rest] = before;
  if (rest.some((other) => !NUMBER_WORDS.has(other))) return null;
  const nounIs = (nouns: ReadonlySet<string>) =>
    noun === undefined || nouns.has(noun) || (rest.length === 0 && NUMBER_WORDS.has(noun));
  if (/^\d+$/.test(word) && word.length <= MAX_TICKET_DIGITS)
    return nounIs(TICKET_NOUNS) ? { kind: 'ticket', id: Number(word) } : null;
  if (/^\p{L}[\p{L}\p{N}]*-\d+$/u.test(word))
    return nounIs(ISSUE_NOUNS) ? { kind: 'issue', key: word.toUpperCase() } : null;
  return null;
}

export function synonymIndex(groups: readonly (readonly string[])[]): SynonymIndex {
  const groupOf = new Map<string, string[][]>();
  let longest = 1;
  for (const group of groups) {
    const spellings = group.map(wordsOf).filter((words) => words.length > 0);
    for (const words of spellings) {
      longest = Math.max(longest, words.length);
      const key = words.join(' ');
      // A spelling listed in two groups matches both: the groups are merged for it.
      const known = groupOf.get(key) ?? [];
      const merged = [...known];
      for (const spelling of spellings)
        if (!merged.some((other) => other.join(' ') === spelling.join(' '))) merged.push(spelling);
      groupOf.set(key, merged);
    }
  }
  return { groupOf, longest };
}

export const NO_SYNONYMS: SynonymIndex = { groupOf: new Map(), longest: 1 };

/**
 * The shortest last word that also matches as a prefix: alone, three letters (shorter would match far too
 * much); after other words, which narrow the match already, two.
 */
const PREFIX_MIN_LENGTH = 3;
const PREFIX_MIN_LENGTH_AFTER_WORDS = 2;
/** Terms beyond this are ignored: a pasted paragraph must not build a query of hundreds of operands. */
export const MAX_TERMS = 12;

interface Segment {
  words: string[];
  quoted: boolean;
  excluded: boolean;
}

/** Splits the text into quoted phrases, `-words` and plain words, in order. */
function segments(text: string): Segment[] {
  const result: Segment[] = [];
  const pattern = /"([^"]*)"?|(-?)([^\s"]+)/g;
  for (const match of text.matchAll(pattern)) {
    if (match[1] !== undefined) {
      const words = wordsOf(match[1]);
      if (words.length > 0) result.push({ words, quoted: true, excluded: false });
      continue;
    }
    const excluded = match[2] === '-';
    for (const word of wordsOf(match[3] ?? '')) result.push({ words: [word], quoted: false, excluded });
  }
  return result;
}

const isMeaningful = (words: readonly string[]) => words.some((word) => !STOP_WORDS.has(word));
const isNarrowing = (words: readonly string[]) =>
  words.some((word) => NARROWING_WORDS.has(word)) &&
  words.every((word) => NARROWING_WORDS.has(word) || NOISE_WORDS.has(word));
/** A term of noise words only: left out of every tsquery, as if it had not been typed. */
const isNoise = (term: QueryTerm) => term.words.every((word) => NOISE_WORDS.has(word));

/**
 * The terms of `text`, at most `maxTerms` of them (a caller that only picks words out of a longer text, as the
 * assistant picks a question's meaningful words, reads further and searches {@link MAX_TERMS} at most).
 */
export function parseQuery(
  text: string,
  synonyms: SynonymIndex = NO_SYNONYMS,
  maxTerms: number = MAX_TERMS,
): ParsedQuery {
  const parts = segments(text);
  const terms: QueryTerm[] = [];
  const excluded: string[] = [];
  let index = 0;
  while (index < parts.length && terms.length < maxTerms) {
    const part = parts[index] as Segment;
    if (part.excluded) {
      excluded.push(...part.words);
      index += 1;
      continue;
    }
    if (part.quoted) {
      terms.push({
        words: part.words,
        spellings: [part.words],
        prefix: false,
        meaningful: isMeaningful(part.words),
        narrows: false,
      });
      index += 1;
      continue;
    }
    // The longest run of plain words that is a spelling of the synonym list, else the word alone.
    let taken = 1;
    let spellings: string[][] = [part.words];
    for (let length = Math.min(synonyms.longest, parts.length - index); length >= 1; length -= 1) {
      const run = parts.slice(index, index + length);
      if (run.some((segment) => segment.quoted || segment.excluded)) continue;
      const words = run.flatMap((segment) => segment.words);
      const group = synonyms.groupOf.get(words.join(' '));
      if (group) {
        taken = length;
        spellings = [words, ...group.filter((spelling) => spelling.join(' ') !== words.join(' '))];
        break;
      }
    }
    const words = spellings[0] ?? part.words;
    terms.push({
      words,
      spellings,
      prefix: false,
      meaningful: isMeaningful(words),
      narrows: isNarrowing(words),
    });
    index += taken;
  }
  const last = terms[terms.length - 1];
  const lastPart = parts[parts.length - 1];
  if (
    last &&
    lastPart &&
    !lastPart.quoted &&
    !lastPart.excluded &&
    !last.narrows &&
    last.words.length === 1
  ) {
    const word = last.words[0] ?? '';
    const minimum = terms.length > 1 ? PREFIX_MIN_LENGTH_AFTER_WORDS : PREFIX_MIN_LENGTH;
    if (word.length >= minimum && !isNumbered(word)) last.prefix = true;
  }
  return { terms, excluded };
}

/**
 * Where a lexeme must be to match: anywhere, or in a title (weight A: the stored vectors weigh title words A).
 * `to_tsquery` gives an operand's label to every lexeme it makes of it, so `upgrades:A` is `'upgrad':A`.
 */
export type TermPlace = 'anywhere' | 'title';

/** One word as a tsquery operand, with its prefix star and place label; an identifier in quotes. */
function operand(word: string, prefix: boolean, place: TermPlace): string {
  const label = (prefix ? '*' : '') + (place === 'title' ? 'A' : '');
  const text = isIdentifier(word) ? `'${word}'` : word;
  return label ? `${text}:${label}` : text;
}

/** One spelling as tsquery text: its words in sequence (`<->`), the typed last word also as a prefix. */
function spellingText(words: readonly string[], prefix: boolean, place: TermPlace): string {
  if (words.length === 1) return operand(words[0] ?? '', prefix, place);
  return `(${words.map((each) => operand(each, false, place)).join(' <-> ')})`;
}

/** A term as tsquery text: any of its spellings. */
export function termText(term: QueryTerm, place: TermPlace = 'anywhere'): string {
  const alternatives = term.spellings.map((spelling, index) =>
    spellingText(spelling, index === 0 && term.prefix, place),
  );
  return alternatives.length === 1 ? (alternatives[0] ?? '') : `(${alternatives.join(' | ')})`;
}

/**
 * The terms a full match requires: every term but the noise and the narrowing ones; a query of narrowing
 * words only ("not up") requires those.
 */
export function matchTerms(query: ParsedQuery): QueryTerm[] {
  const terms = query.terms.filter((term) => !isNoise(term));
  const required = terms.filter((term) => !term.narrows);
  return required.length > 0 ? required : terms;
}

/**
 * The narrowing terms `matched` does not require: each one an item holds raises its rank ("gateway down" puts
 * the items about a gateway that holds "down" before those about a gateway only), and an item lacking it still
 * matches. A narrowing word alone says little, so it ranks but does not select.
 */
export function boostTerms(query: ParsedQuery, matched: readonly QueryTerm[]): QueryTerm[] {
  return query.terms.filter((term) => term.narrows && !matched.includes(term));
}

/**
 * Every required term in a title: what earns a row of the full match its title bonus. Exclusions are left
 * out, as every row it is tested on already lacks the excluded words.
 */
export function titleTermsText(query: ParsedQuery): string {
  return matchTerms(query)
    .map((term) => termText(term, 'title'))
    .join(' & ');
}

function withExclusions(text: string, excluded: readonly string[]): string {
  if (excluded.length === 0) return text;
  return `(${text}) & ${excluded.map((word) => `!${operand(word, false, 'anywhere')}`).join(' & ')}`;
}

/**
 * The query's identifiers and numbers (`7.2`, `NET-1008`, `0x80004005`, `100`; not a lone digit), each in a
 * title: what ranks an item whose title names them above the other full matches. '' when it has none.
 */
export function identifierTitleText(query: ParsedQuery): string {
  return query.terms
    .filter(
      (term) =>
        term.words.length === 1 && isNumbered(term.words[0] ?? '') && !/^\d$/.test(term.words[0] ?? ''),
    )
    .map((term) => termText(term, 'title'))
    .join(' & ');
}

/**
 * Every required term must match (the first try of every search); '' when the query has no word but noise
 * words ("how do I"), which finds nothing.
 */
export function allTermsText(query: ParsedQuery): string {
  const terms = matchTerms(query);
  if (terms.length === 0) return '';
  return withExclusions(terms.map((term) => termText(term)).join(' & '), query.excluded);
}

/**
 * The meaningful terms of a partial match; a query without any keeps its terms other than noise words
 * (none for a question of noise words only, which finds nothing).
 */
export function partialTerms(query: ParsedQuery): QueryTerm[] {
  const meaningful = query.terms.filter((term) => term.meaningful);
  return meaningful.length > 0 ? meaningful : query.terms.filter((term) => !isNoise(term));
}

/**
 * The partial match's terms split in two: the identifiers, every one required, and the other terms, of which
 * half (rounded down) must match. Null when the query has no identifier or nothing else: then every term
 * counts alike.
 */
export function identifierSplit(
  query: ParsedQuery,
): { identifiers: QueryTerm[]; others: QueryTerm[] } | null {
  const terms = partialTerms(query);
  const identifiers = terms.filter(isIdentifierTerm);
  const others = terms.filter((term) => !isIdentifierTerm(term));
  return identifiers.length > 0 && others.length > 0 ? { identifiers, others } : null;
}

/** All of the terms as tsquery text. */
const everyTermText = (terms: readonly QueryTerm[]) => terms.map((term) => termText(term)).join(' & ');

/**
 * Any meaningful term may match (the partial match); with identifiers, every identifier and any other term
 * (the identifiers alone when one other term is all there is). '' when there is no term.
 */
export function anyTermText(query: ParsedQuery): string {
  const terms = partialTerms(query);
  if (terms.length === 0) return '';
  const split = identifierSplit(query);
  if (!split) return withExclusions(terms.map((term) => termText(term)).join(' | '), query.excluded);
  const identifiers = everyTermText(split.identifiers);
  if (split.others.length < 2) return withExclusions(identifiers, query.excluded);
  const others = split.others.map((term) => termText(term)).join(' | ');
  return withExclusions(`${identifiers} & (${others})`, query.excluded);
}

/**
 * How many meaningful terms a partial match must hold: every one of two or fewer (one word alone does not
 * stand for a two-word query, so a nonsense word next to a real one finds nothing), else half of them, rounded
 * up: a question of five meaningful words is answered by an item holding three. A query with identifiers
 * needs every identifier and half of the other terms, rounded down ("what changed in 8.0.2210" is answered by
 * the release notes of 8.0.2210, whatever their words for a change).
 */
export function requiredMatches(query: ParsedQuery): number {
  const split = identifierSplit(query);
  if (split) return split.identifiers.length + Math.floor(split.others.length / 2);
  const terms = partialTerms(query).length;
  return terms <= 2 ? Math.max(1, terms) : Math.ceil(terms / 2);
}

/** More combinations than this, and a partial match counts its terms row by row instead (see below). */
const MAX_COMBINATIONS = 70;

/** Every way of choosing `size` of `items`, in order. */
function combinations<T>(items: readonly T[], size: number): T[][] {
  if (size === 0) return [[]];
  const result: T[][] = [];
  items.forEach((item, index) => {
    if (items.length - index < size) return;
    for (const rest of combinations(items.slice(index + 1), size - 1)) result.push([item, ...rest]);
  });
  return result;
}

/**
 * The partial match as one tsquery: any `required` of the meaningful terms, written out as the alternatives of
 * every combination (`(a & b) | (a & c) | (b & c)` for two of three). The GIN index answers it like any
 * query, and a row's vector is read once; counting the terms a row holds instead reads it once per term,
 * for every row the alternatives of single terms match, which for a common word is nearly all of them. Null
 * when there are more than {@link MAX_COMBINATIONS} combinations (a question of nine or more meaningful
 * words): then the caller counts terms row by row.
 */
export function partialMatchText(query: ParsedQuery): string | null {
  const split = identifierSplit(query);
  const terms = (split ? split.others : partialTerms(query)).map((term) => termText(term));
  if (terms.length === 0) return '';
  const required = split ? Math.floor(split.others.length / 2) : requiredMatches(query);
  const identifiers = split ? [everyTermText(split.identifiers)] : [];
  const chosen = combinations(terms, required).map((combination) => [...identifiers, ...combination]);
  if (chosen.length > MAX_COMBINATIONS) return null;
  const alternatives = chosen.map((combination) =>
    combination.length === 1 || chosen.length === 1
      ? combination.join(' & ')
      : `(${combination.join(' & ')})`,
  );
  return withExclusions(alternatives.join(' | '), query.excluded);
}
