/**
 * Words that say nothing about what a customer is looking for: PostgreSQL's English stop words (the
 * `english` text search configuration drops them from every vector and query anyway) and the words of a
 * question ("how do I", "why does my", "is it normal"). In a partial match they do not count, so a whole
 * question is judged by its meaningful words only.
 */
/** PostgreSQL's English stop words: never in a vector, so never matched and never highlighted. */
const POSTGRES_WORDS = `a about above after again against all am an and any are as at be because been before being below between both
but by can did do does doing don down during each few for from further had has have having he her here hers
herself him himself his how i if in into is it its itself just me more most my myself no nor not now of off on
once only or other our ours ourselves out over own s same she should so some such t than that the their theirs
them themselves then there these they this those through to too under until up very was we were what when
where which while who whom why will with you your yours yourself yourselves`;
/**
 * Parts of contractions and modal verbs that read like stop words but are lexemes to PostgreSQL (`won`,
 * `would`, `couldn`): matched and highlighted, but no more meaningful than a stop word in a partial match.
 */
const FILLER_WORDS = `aren cannot could couldn didn doesn hadn hasn haven isn let ll mustn ought re shan shouldn ve wasn weren won would wouldn`;
/** The words of a question and of asking for help. */
const QUESTION_WORDS = `also anyone anything get getting got help know like make need needs normal please possible problem question
someone something still supposed tell thing things trying use using want way work working`;

export const POSTGRES_STOP_WORDS: ReadonlySet<string> = new Set(POSTGRES_WORDS.split(/\s+/));
export const STOP_WORDS: ReadonlySet<string> = new Set([
  ...POSTGRES_STOP_WORDS,
  ...FILLER_WORDS.split(/\s+/),
  ...QUESTION_WORDS.split(/\s+/),
]);
