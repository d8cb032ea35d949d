/**
 * How the words of a query count. The search vectors keep every word (the `portal_english` configuration,
 * migration 0022), so which words say nothing is decided here, on the query side:
 * - noise words (articles, pronouns, auxiliaries, conjunctions, question words: "how do I", "why does my")
 *   are left out of every tsquery and never highlighted;
 * - narrowing words ("gateway down", "tunnel not up", "bgp down after upgrade") are matched and raise the rank
 *   of the items that hold them, but alone do not make an item a match;
 * - filler and question words that are lexemes anyway (`would`, `help`) are matched as typed, but, like the
 *   two kinds above, do not count in a partial match, so a whole question is judged by its meaningful words.
 */

/**
 * PostgreSQL's English stop words that narrow a support query: state, direction, negation and order
 * ("down", "not up", "after upgrade", "over the limit"). The rest of that list is noise.
 */
const NARROWING = `above after again against before below between down during no not off once out over
under until up`;
/** PostgreSQL's English stop words (the `english` configuration's list) that say nothing about a problem. */
const NOISE = `a about all am an and any are as at be because been being both but by can did do does doing don nor
each few for from further had has have having he her here hers herself him himself his how i if in into is it
its itself just me more most my myself now of on only or other our ours ourselves own s same she should so some
such t than that the their theirs them themselves then there these they this those through to too very was we
were what when where which while who whom why will with you your yours yourself yourselves`;
/**
 * Parts of contractions and modal verbs that read like stop words but are lexemes to PostgreSQL (`won`,
 * `would`, `couldn`): matched and highlighted, but no more meaningful than a stop word in a partial match.
 */
const FILLER_WORDS = `aren cannot could couldn didn doesn hadn hasn haven isn let ll mustn ought re shan shouldn ve wasn weren won would wouldn`;
/** The words of a question and of asking for help. */
const QUESTION_WORDS = `also anyone anything get getting got help know like make need needs normal please possible problem question
someone something still supposed tell thing things trying use using want way work working`;

const wordSet = (...lists: string[]): ReadonlySet<string> =>
  new Set(lists.flatMap((list) => list.split(/\s+/)));

/** Words left out of every query and every highlight: matching them would only add noise. */
export const NOISE_WORDS = wordSet(NOISE);
/** Words that narrow a query: they rank the items holding them first (query-terms.ts `boostTerms`). */
export const NARROWING_WORDS = wordSet(NARROWING);
/** Every word that does not count in a partial match. */
export const STOP_WORDS = wordSet(NARROWING, NOISE, FILLER_WORDS, QUESTION_WORDS);
