import type { LexemeStats } from './common-lexemes.js';
import { stemOf } from './highlight.js';
import {
  identifierSplit,
  matchTerms,
  partialTerms,
  requiredMatches,
  type ParsedQuery,
  type QueryTerm,
} from './query-terms.js';
import type { MatchPlan } from './statements.js';
import { NOISE_WORDS } from './stop-words.js';

/**
 * How a search statement finds its matches, chosen before it is written: its generic plan no longer sees the
 * words (statements.ts), so the choice the planner made from the column's statistics is made here, from the
 * same statistics (common-lexemes.ts).
 *
 * The GIN index must read the whole posting list of every term before the first match comes out; a scan in
 * table order reads rows until it has found `cap` matches. For words so common that a few hundred rows hold
 * `cap` matches (`gateway` is in 88 % of the bench's KB articles: 5 ms through the index, 0.4 ms by the scan)
 * the scan wins; for rarer ones the index does (a scan of the whole table is 20-30 ms).
 */

/**
 * What reading one row in the scan costs, in rows of a posting list read by the index. Calibrated on the
 * search bench's corpus by timing each of its statements both ways (bench/search/plan-choice.mjs; the figures
 * are in bench/README.md, Search).
 */
export const SCAN_ROW_COST = 10;

/** What the statistics say a full match costs: its share of the rows, and the posting-list rows of its terms. */
export interface MatchEstimate {
  share: number;
  postings: number;
}

/**
 * The estimate of one term; undefined when the statistics do not know it: a spelling rarer than the listed
 * lexemes (the index is right for it), or a phrase.
 */
function termEstimate(term: QueryTerm, stats: LexemeStats): MatchEstimate | undefined {
  let postings = 0;
  for (const spelling of term.spellings) {
    // A spelling of noise words only (of a term that is not) is estimated as matching every row.
    const words = spelling.filter((word) => !NOISE_WORDS.has(word));
    if (words.length === 0) return { share: 1, postings: 0 };
    const [word] = words;
    if (words.length > 1 || word === undefined) return undefined;
    const rows = stats.rowsOf(stemOf(word));
    if (rows === undefined) return undefined;
    postings += rows;
  }
  return { share: Math.min(1, postings / stats.rows), postings };
}

/**
 * The estimate of a full match of every required term (taken as independent, as the planner takes them), if
 * known. Narrowing terms only rank the matches, so they cost neither plan anything.
 */
export function matchEstimateOf(query: ParsedQuery, stats: LexemeStats): MatchEstimate | undefined {
  const terms = matchTerms(query);
  if (stats.rows <= 0 || terms.length === 0) return undefined;
  let share = 1;
  let postings = 0;
  for (const term of terms) {
    const part = termEstimate(term, stats);
    if (part === undefined) return undefined;
    share *= part.share;
    postings += part.postings;
  }
  return share > 0 ? { share, postings } : undefined;
}

/**
 * `scan` when reading rows in table order until `cap` matches costs less than the posting lists of every
 * term; else `index`. A prefix term is estimated by its whole word, which holds fewer rows than the prefix:
 * both costs come out lower than they are, the index's by more.
 */
export function matchPlanOf(query: ParsedQuery, stats: LexemeStats, cap: number): MatchPlan {
  const estimate = matchEstimateOf(query, stats);
  if (!estimate) return 'index';
  return (cap / estimate.share) * SCAN_ROW_COST < estimate.postings ? 'scan' : 'index';
}

/**
 * One term of a partial match, never unknown: its share from the one-word spellings the statistics list (a
 * phrase, or a spelling rarer than the listed lexemes, adds none), and the posting-list rows of every word of
 * every spelling, phrases included, all of which the index reads (`ha` with its synonym `high availability`
 * reads the lists of `high` and `availability`).
 */
function partialTermEstimate(term: QueryTerm, stats: LexemeStats): MatchEstimate {
  let rows = 0;
  let postings = 0;
  for (const spelling of term.spellings) {
    const words = spelling.filter((word) => !NOISE_WORDS.has(word));
    if (words.length === 0) return { share: 1, postings };
    for (const word of words) postings += stats.rowsOf(stemOf(word)) ?? 0;
    const [word] = words;
    if (words.length === 1 && word !== undefined) rows += stats.rowsOf(stemOf(word)) ?? 0;
  }
  return { share: Math.min(1, rows / stats.rows), postings };
}

/**
 * The estimate of a partial match (any `requiredMatches` of the meaningful terms), if known: the share of rows
 * holding at least that many of the terms (taken as independent: the distribution of a count of unequal coin
 * flips), less those holding an excluded word, and the posting-list rows of every term, all of which the
 * index reads. A word the statistics do not list (in under about 1 % of the rows) counts as in no row and with
 * no posting list: both costs come out lower than they are, and the scan's by more, so the index keeps every
 * query the statistics cannot vouch for. A query with identifiers (every one required, then half of the rest)
 * is left to the index.
 */
export function partialEstimateOf(query: ParsedQuery, stats: LexemeStats): MatchEstimate | undefined {
  const terms = partialTerms(query);
  if (stats.rows <= 0 || terms.length === 0 || identifierSplit(query)) return undefined;
  const required = requiredMatches(query);
  // held[k]: the share of rows holding k of the terms so far; held[required], `required` or more.
  let held = [1, ...Array.from({ length: required }, () => 0)];
  let postings = 0;
  for (const term of terms) {
    const { share: p, postings: rows } = partialTermEstimate(term, stats);
    postings += rows;
    held = held.map((share, k) => {
      const fromBelow = k === 0 ? 0 : (held[k - 1] ?? 0) * p;
      return k === required ? share + fromBelow : share * (1 - p) + fromBelow;
    });
  }
  let share = held[required] ?? 0;
  for (const word of query.excluded) share *= 1 - Math.min(1, (stats.rowsOf(stemOf(word)) ?? 0) / stats.rows);
  return share > 0 ? { share, postings } : undefined;
}

/**
 * The plan of a partial match, by the same measure as {@link matchPlanOf}. A partial match is where the choice
 * pays most: the index reads the posting lists of every term (at 100,000 articles the partial match of
 * `controller upgrade latency snat` returned 44,280 rows from the index, 22 ms) where a scan stops after the
 * few hundred rows that hold the cap (1.2 ms); for rarer words the index stays far ahead. Both find the same
 * rows: the bitmap's heap scan reads the matches in table order too, and stops at the cap as the scan does.
 */
export function partialPlanOf(query: ParsedQuery, stats: LexemeStats, cap: number): MatchPlan {
  const estimate = partialEstimateOf(query, stats);
  if (!estimate) return 'index';
  return (cap / estimate.share) * SCAN_ROW_COST < estimate.postings ? 'scan' : 'index';
}
