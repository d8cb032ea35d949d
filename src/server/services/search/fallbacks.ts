import type { QueryReading } from './suggest.js';
import type { MatchMode } from './types.js';

/**
 * What a search does when the words as typed find little (issue: recall without losing precision). A query
 * that matches well is answered as typed: ranking is good, and a fallback could only add noise. Only below
 * `FEW_MATCHES` does the search try the corrected spelling ('Did you mean'), only when the words as typed found
 * nothing there, and only when it finds more is it shown instead ('Showing results for'); then, still below, the partial match, where an item needs half of
 * the query's meaningful words (question and stop words do not count), so a whole question finds the item
 * that answers it and a nonsense query still finds nothing. A query foreign to the content (suggest.ts: its
 * words no item holds, another product, an office application, carry enough of its weight) takes no partial
 * match, and its corrected spelling only where every word of it matches: its few ordinary words matched alone
 * would only dress up an answer to a question the content does not cover.
 *
 * The fallbacks run per source: each source's own count decides, so what one source finds never keeps
 * another from its fallbacks (a signed-in agent's tickets must not cost them the public sources' partial
 * match a visitor gets), and a later page of a source takes the same attempt as its first page.
 */

/** Fewer matches than this in a source, and the corrected spelling is tried there. */
export const FEW_MATCHES = 3;

export interface Attempt {
  query: string;
  match: MatchMode;
  /** The query is the corrected spelling of what was typed. */
  corrected: boolean;
}

export interface ResolvedSearch<R> {
  result: R;
  attempt: Attempt;
  /** The corrected spelling, when there was one and even it found nothing: the 'Did you mean' link. */
  didYouMean?: string;
}

export async function searchWithFallbacks<R>(options: {
  query: string;
  /** The user asked for the words as typed ('Search instead for'): no corrected spelling. */
  exact: boolean;
  run: (attempt: Attempt) => Promise<R>;
  matchesOf: (result: R) => number;
  /** Whether the source answered: a failure is not a reason to search again. */
  settled: (result: R) => boolean;
  /**
   * The corrected spelling of `query` and whether it is foreign to the content, asked only when the words as
   * typed find little. The sources of one search share it, so it is worked out once per query, not once per
   * source.
   */
  read: () => Promise<QueryReading>;
}): Promise<ResolvedSearch<R>> {
  const typed: Attempt = { query: options.query, match: 'all', corrected: false };
  let best = { result: await options.run(typed), attempt: typed };
  let found = options.matchesOf(best.result);
  if (found >= FEW_MATCHES || !options.settled(best.result)) return best;

  const reading = await options.read();
  // Words that found something as typed are the content's own words ("RouteLimitExceeded", "nxdomain"):
  // correcting them into commoner words would bury the item they name.
  const suggestion = options.exact || found > 0 ? undefined : reading.suggestion;
  if (suggestion) {
    const corrected: Attempt = { query: suggestion, match: 'all', corrected: true };
    const result = await options.run(corrected);
    if (options.settled(result) && options.matchesOf(result) > found) {
      best = { result, attempt: corrected };
      found = options.matchesOf(result);
    }
  }
  // A foreign query takes the corrected spelling only where every word of it matches (its foreign words keep
  // it from matching, unless they were only run together: "dryrun"), never the partial match.
  if (found >= FEW_MATCHES || reading.foreign) return best;

  // Few or no items match every word: the partial match (of the corrected spelling first), shown when it
  // finds more. Items with every word rank first in it, so what matched before keeps its place.
  const partials: Attempt[] = [
    ...(suggestion ? [{ query: suggestion, match: 'any' as const, corrected: true }] : []),
    { query: options.query, match: 'any', corrected: false },
  ];
  for (const attempt of partials) {
    const result = await options.run(attempt);
    if (options.settled(result) && options.matchesOf(result) > found) return { result, attempt };
  }
  return suggestion && found === 0 ? { ...best, didYouMean: suggestion } : best;
}
