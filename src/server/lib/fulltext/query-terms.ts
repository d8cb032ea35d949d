import { STOP_WORDS } from './stop-words.js';

/**
 * How a typed query becomes the tsquery of the built-in sources. The text is cut into terms (a word, a
 * "quoted phrase", or a phrase of the synonym list), each term may be matched by any spelling of its synonym
 * group, the last word typed also matches as a prefix (the user may still be typing it), and `-word` excludes.
 *
 * Every lexeme handed to PostgreSQL is a run of letters and digits, so the tsquery text built here cannot hold
 * operators the user typed: `to_tsquery` then stems each lexeme and drops stop words with the `english`
 * configuration, exactly as the stored vectors were built.
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

export const wordsOf = (text: string): string[] =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);

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
    terms.push({ words, spellings, prefix: false, meaningful: isMeaningful(words) });
    index += taken;
  }
  const last = terms[terms.length - 1];
  const lastPart = parts[parts.length - 1];
  if (last && lastPart && !lastPart.quoted && !lastPart.excluded && last.words.length === 1) {
    const word = last.words[0] ?? '';
    const minimum = terms.length > 1 ? PREFIX_MIN_LENGTH_AFTER_WORDS : PREFIX_MIN_LENGTH;
    if (word.length >= minimum && !/^\d+$/.test(word)) last.prefix = true;
  }
  return { terms, excluded };
}

/**
 * Where a lexeme must be to match: anywhere, or in a title (weight A: the stored vectors weigh title words A).
 * `to_tsquery` gives an operand's label to every lexeme it makes of it, so `upgrades:A` is `'upgrad':A`.
 */
export type TermPlace = 'anywhere' | 'title';

/** One word as a tsquery operand, with its prefix star and place label. */
function operand(text: string, prefix: boolean, place: TermPlace): string {
  const label = (prefix ? '*' : '') + (place === 'title' ? 'A' : '');
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
 * Every term in a title: what earns a row of the full match its title bonus. Exclusions are left out, as
 * every row it is tested on already lacks the excluded words.
 */
export function titleTermsText(query: ParsedQuery): string {
  return query.terms.map((term) => termText(term, 'title')).join(' & ');
}

function withExclusions(text: string, excluded: readonly string[]): string {
  if (excluded.length === 0) return text;
  return `(${text}) & ${excluded.map((word) => `!${word}`).join(' & ')}`;
}

/** Every term must match (the first try of every search); '' when the query has no word at all. */
export function allTermsText(query: ParsedQuery): string {
  if (query.terms.length === 0) return '';
  return withExclusions(query.terms.map((term) => termText(term)).join(' & '), query.excluded);
}

/** The meaningful terms of a partial match; a query of stop words only keeps them all. */
export function partialTerms(query: ParsedQuery): QueryTerm[] {
  const meaningful = query.terms.filter((term) => term.meaningful);
  return meaningful.length > 0 ? meaningful : query.terms;
}

/** Any meaningful term may match (the partial match); '' when there is none. */
export function anyTermText(query: ParsedQuery): string {
  const terms = partialTerms(query);
  if (terms.length === 0) return '';
  return withExclusions(terms.map((term) => termText(term)).join(' | '), query.excluded);
}

/**
 * How many meaningful terms a partial match must hold: every one of two or fewer (one word alone does not
 * stand for a two-word query, so a nonsense word next to a real one finds nothing), else half of them, rounded
 * up: a question of five meaningful words is answered by an item holding three.
 */
export function requiredMatches(query: ParsedQuery): number {
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
  const terms = partialTerms(query).map((term) => termText(term));
  const required = requiredMatches(query);
  if (terms.length === 0) return '';
  const chosen = combinations(terms, required);
  if (chosen.length > MAX_COMBINATIONS) return null;
  const alternatives = chosen.map((combination) =>
    combination.length === 1 || chosen.length === 1
      ? combination.join(' & ')
      : `(${combination.join(' & ')})`,
  );
  return withExclusions(alternatives.join(' | '), query.excluded);
}
