/**
 * Words that say nothing about what a customer is looking for: PostgreSQL's English stop words (the
 * `english` text search configuration drops them from every vector and query anyway) and the words of a
 * question ("how do I", "why does my", "is it normal"). In a partial match they do not count, so a whole
 * question is judged by its meaningful words only.
 */
/** PostgreSQL's English stop words: never in a vector, so never matched and never highlighted. */
const POSTGRES_WORDS = `a about above after again against all am an and any are aren as at be because been before being
below between both but by can cannot could couldn did didn do does doesn doing don down during each few for
from further had hadn has hasn have haven having he her here hers herself him himself his how i if in into is
isn it its itself just let ll me more most mustn my myself no nor not now of off on once only or other ought
our ours ourselves out over own re s same shan she should shouldn so some such t than that the their theirs them
themselves then there these they this those through to too under until up ve very was wasn we were weren what
when where which while who whom why will with won would wouldn you your yours yourself yourselves`;
/** The words of a question and of asking for help. */
const QUESTION_WORDS = `also anyone anything get getting got help know like make need needs normal please possible problem question
someone something still supposed tell thing things trying use using want way work working`;

export const POSTGRES_STOP_WORDS: ReadonlySet<string> = new Set(POSTGRES_WORDS.split(/\s+/));
export const STOP_WORDS: ReadonlySet<string> = new Set([
  ...POSTGRES_STOP_WORDS,
  ...QUESTION_WORDS.split(/\s+/),
]);
