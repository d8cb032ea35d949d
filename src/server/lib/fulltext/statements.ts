import { sql, type SQL } from 'drizzle-orm';
import { SEARCH_CONFIG } from '../../db/search-columns.js';
import type { NamedItem } from './query-terms.js';

/**
 * The full-text statement every built-in source runs: one per search and source, returning the page and the
 * capped match count together (the benchmark in bench/search runs it raw, beside the earlier two-statement
 * set it replaced).
 *
 * Ranking cost must not grow with the corpus. The scan stops at `cap` matches (no ordering, so no full sort
 * of every match): those are counted, the first `candidateLimit` of them are ranked with ts_rank (title words
 * weigh more than body words; ts_rank_cd, which also rewards proximity, costs ten times as much per candidate)
 * plus a bonus when the title matches (a title match then always outranks a body match), and only the page's
 * rows are read whole. Snippets are highlighted in the server (highlight.ts) from the start of the text, not
 * with ts_headline, which parses every page row's text inside the statement.
 *
 * Every value is a parameter and each tsquery is computed once per run, in its own sub-select (the partial
 * match's terms as one array), so that the text of a statement and its plan do not depend on the words: the
 * portal runs both matches as named prepared statements (db/client.ts `executePreparedRows`): each connection parses it once, and after five runs
 * keeps one generic plan when that plan costs no more than planning anew (the index form does; the scan form
 * was still planned at each run in bench/search/statement-memory.ts). A generic plan no longer sees the
 * words, and the one choice that depended on them is made before the statement is written (plan-choice.ts):
 * the GIN index, which must collect every match before the first is read, or a scan in table order that stops
 * at `cap` matches, for words so common that it reads few rows. The title bonus's query comes written with
 * every lexeme labelled `:A` (query-terms.ts titleTermsText) instead of being rewritten from the query in SQL.
 * A query holding identifiers adds a bonus for them in a title, and a query of a ticket number or issue key
 * alone the row it names: a few more texts per table, each still the same for every such query.
 */

export interface FullTextTable {
  /** Table name (a constant of our schema, never user input). */
  table: string;
  /** Plain-text column the snippet is highlighted from. */
  textColumn: string;
  /** Select list over alias `t`, e.g. `t.id, t.title`. */
  columns: string;
  /** The tsvector column matched (default `search`): a table may keep a wider one for some readers. */
  vector?: string;
  /**
   * The column of the number or key a query of that identifier alone names (query-terms.ts `namedItemOf`):
   * the row it names matches too, and ranks first, though the identifier is not in its text.
   */
  named?: { column: string; kind: NamedItem['kind'] };
}

/**
 * What a statement matches: every term (`all`, the first try) or enough of the meaningful terms (`any`, the
 * partial match, ranked by how many terms an item holds, title matches first). Texts come from
 * query-terms.ts: runs of letters and digits joined by tsquery operators, never the user's own operators.
 */
export type TextQuery =
  | {
      mode: 'all';
      text: string;
      /** Every term in a title (query-terms.ts titleTermsText): the title bonus. */
      title: string;
      /** Narrowing terms, not required: each one a row holds raises its rank (query-terms.ts boostTerms). */
      boosts?: readonly PartialTerm[];
      /**
       * The query's identifiers in a title (query-terms.ts identifierTitleText), when it has any: a smaller
       * bonus, so that the item a release number or key names comes first among those holding every word.
       */
      identifiers?: string;
    }
  | {
      mode: 'any';
      /** Any term (what ts_rank scores). */
      text: string;
      terms: readonly PartialTerm[];
      required: number;
      /** Any `required` of the terms as one tsquery (query-terms.ts partialMatchText); null: count per row. */
      match: string | null;
      /** Narrowing terms that are not among `terms`: each one a row holds raises its rank. */
      boosts?: readonly PartialTerm[];
      /** As in a full match: the query's identifiers in a title, the item they name first. */
      identifiers?: string;
    };

/** A term of a partial match, anywhere and in a title. */
export interface PartialTerm {
  text: string;
  title: string;
}

/** How a statement writes a tsquery of a text. */
export type TsQueryOf = (text: string) => SQL;

/** The tsquery, computed once per run (an initplan): the statement's plan is the same for every query. */
export const tsQuery: TsQueryOf = (text) => sql`(select to_tsquery(${SEARCH_CONFIG}::regconfig, ${text}))`;

/**
 * The tsquery as a call the planner folds into a constant when the statement is planned for its values (an
 * unnamed statement): it then estimates from the column's statistics how many rows match. What statements
 * wrote before the prepared ones; the capacity bench's baseline keeps it.
 */
export const foldedTsQuery: TsQueryOf = (text) => sql`to_tsquery(${SEARCH_CONFIG}::regconfig, ${text})`;

/**
 * The tsqueries of some terms (anywhere, or in a title) as an array, from one JSON parameter, computed once per
 * run: the statement's text is the same whatever the number of terms, so that it can run prepared.
 */
function termQueries(terms: readonly PartialTerm[], key: keyof PartialTerm): SQL {
  return sql`(select array_agg(to_tsquery(${SEARCH_CONFIG}::regconfig, q.value) order by q.at)
    from jsonb_array_elements_text(${JSON.stringify(terms.map((term) => term[key]))}::jsonb)
    with ordinality as q(value, at))`;
}

/** How many of the terms a row's vector holds (`column` is `t.search` or `c.search`). */
function matchedTerms(column: string, terms: readonly PartialTerm[]): SQL {
  return sql`(select count(*) from unnest(${termQueries(terms, 'text')}) as m(q) where ${sql.raw(column)} @@ m.q)`;
}

/** Per term, 2 for a title match and 1 for a body match: the partial match's rank before ts_rank. */
function weightedTerms(column: string, terms: readonly PartialTerm[]): SQL {
  const vector = sql.raw(column);
  return sql`(select coalesce(sum(case when ${vector} @@ w.title then 2 when ${vector} @@ w.body then 1 else 0 end), 0)::int
    from unnest(${termQueries(terms, 'text')}, ${termQueries(terms, 'title')}) as w(body, title))`;
}

/** The row condition of a query over alias `t`: the tsquery, and for a partial match enough terms. */
export function matches(query: TextQuery, vector = 'search', tsq: TsQueryOf = tsQuery): SQL {
  const column = `t.${vector}`;
  const matched = sql.raw(column);
  if (query.mode === 'all') return sql`${matched} @@ ${tsq(query.text)}`;
  if (query.match !== null) return sql`${matched} @@ ${tsq(query.match)}`;
  return sql`${matched} @@ ${tsq(query.text)} and ${matchedTerms(column, query.terms)} >= ${query.required}`;
}

/**
 * What the narrowing terms a row holds add to its rank: per term `inTitle` when a title holds it, else
 * `inBody` when the row does. Nothing (and the statement is the one without boosts) when there are none.
 * Their tsqueries come as one JSON parameter and are computed once per run, so the statement's text is the
 * same whatever the number of narrowing words: one more prepared text per table, not one per count.
 */
function boostOf(boosts: readonly PartialTerm[], inTitle: number, inBody: number): SQL {
  if (boosts.length === 0) return sql``;
  return sql` + (select coalesce(sum(case when c.search @@ b.title then ${sql.raw(String(inTitle))}
    when c.search @@ b.body then ${sql.raw(String(inBody))} else 0 end), 0)::int
    from unnest(${termQueries(boosts, 'text')}, ${termQueries(boosts, 'title')}) as b(body, title))`;
}

/**
 * In a full match a narrowing term counts 3 in a title and 2 elsewhere: more than the title bonus (1) and
 * ts_rank (below 1) together, so an item holding more of the query's words always ranks first. In a partial
 * match it counts as a term does (2 and 1).
 */
const FULL_MATCH_BOOST = { inTitle: 3, inBody: 2 };
const PARTIAL_MATCH_BOOST = { inTitle: 2, inBody: 1 };

/** Added when a full match's title holds the query's identifiers: below the bonus of every term in the title. */
const IDENTIFIER_BONUS = 0.5;
/**
 * Added when a partial match's title holds the query's identifiers: as much as two more terms in a body, so
 * the release notes a number names come before the items that mention it beside more of the other words.
 */
const PARTIAL_IDENTIFIER_BONUS = 2;

function identifierBonus(identifiers: string | undefined, bonus: number, tsq: TsQueryOf): SQL {
  return identifiers
    ? sql` + case when c.search @@ ${tsq(identifiers)} then ${sql.raw(String(bonus))} else 0 end`
    : sql``;
}

export function rankOf(query: TextQuery, tsq: TsQueryOf = tsQuery): SQL {
  const boosts = query.boosts ?? [];
  if (query.mode === 'all') {
    const { inTitle, inBody } = FULL_MATCH_BOOST;
    return sql`ts_rank(c.search, ${tsq(query.text)}) + case when c.search @@ ${tsq(query.title)} then 1 else 0 end${boostOf(boosts, inTitle, inBody)}${identifierBonus(query.identifiers, IDENTIFIER_BONUS, tsq)}`;
  }
  const { inTitle, inBody } = PARTIAL_MATCH_BOOST;
  return sql`${weightedTerms('c.search', query.terms)} + ts_rank(c.search, ${tsq(query.text)})${boostOf(boosts, inTitle, inBody)}${identifierBonus(query.identifiers, PARTIAL_IDENTIFIER_BONUS, tsq)}`;
}

/**
 * How the matches are found: through the GIN index, or by a scan in table order that stops at the cap
 * (`coalesce` keeps the planner from using the index for it). plan-choice.ts chooses.
 */
export type MatchPlan = 'index' | 'scan';

/** How much of the text a snippet is highlighted from (highlight.ts picks the best window in it). */
export const EXCERPT_CHARS = 4000;

export interface SearchStatementOptions {
  query: TextQuery;
  limit: number;
  offset: number;
  candidateLimit: number;
  /** Matches counted at most. */
  cap: number;
  /** Extra condition over alias `t` (e.g. the requester). */
  filter?: SQL;
  /** Default `index`. */
  plan?: MatchPlan;
  /** The row the query names by its number or key (FullTextTable `named`): it matches, and ranks first. */
  named?: SQL;
  /**
   * A partial match answered by the same statement, after the full match (`query`), when that finds fewer
   * than `below` rows; otherwise it is not run at all. What a search falls back to when the words as typed
   * find little (services/search/fallbacks.ts): one round trip instead of two.
   */
  partial?: { query: TextQuery; plan: MatchPlan; below: number };
}

/** Added to the rank of the row a query names: above any text match (ts_rank is below 1, the title bonus 1). */
const NAMED_BONUS = 10;

/** One match of a statement: its common table expressions and the select of its page. */
interface MatchPart {
  ctes: SQL;
  select: SQL;
}

/**
 * The capped matches (`<name>_matched`), the ranked page (`<name>_ranked`) and the select of the page's rows
 * with the count. `gate`, a condition of the whole statement, keeps both from running when it is false.
 */
function matchPart(
  spec: FullTextTable,
  options: SearchStatementOptions,
  match: { query: TextQuery; plan: MatchPlan; name: string; gate?: SQL; combined: boolean },
): MatchPart {
  const table = sql.raw(spec.table);
  const filter = options.filter ? sql` and (${options.filter})` : sql``;
  // The candidate set must reach past the requested page, or deep pages would come back empty; the count
  // must reach as far as the candidates.
  const candidates = Math.max(options.candidateLimit, options.offset + options.limit);
  const cap = Math.max(options.cap, candidates);
  const { query, gate } = match;
  const matched = sql.raw(`${match.name}_matched`);
  const ranked = sql.raw(`${match.name}_ranked`);
  const condition = matches(query, spec.vector);
  const text = match.plan === 'scan' ? sql`coalesce(${condition}, false)` : condition;
  const { named } = options;
  // The named row is matched beside the text, and kept first among the capped matches and the candidates.
  const where = named ? sql`(${text} or ${named})` : text;
  const namedColumn = named ? sql`, (${named}) as named` : sql``;
  const namedFirst = named ? sql` order by named desc` : sql``;
  const namedBonus = named ? sql` + case when c.named then ${NAMED_BONUS} else 0 end` : sql``;
  const ctes = sql`${matched} as materialized (
  select t.id, ${sql.raw(`t.${spec.vector ?? 'search'}`)} as search${namedColumn} from ${table} t
  where ${gate ? sql`${gate} and ` : sql``}${where}${filter}${namedFirst} limit ${cap}
),
${ranked} as (
  select c.id, ${rankOf(query)}${namedBonus} as rank
  from (select m.id, m.search${named ? sql`, m.named` : sql``} from ${matched} m${namedFirst} limit ${candidates}) c
  order by rank desc, c.id
  limit ${options.limit} offset ${options.offset}
)`;
  const marks = match.combined
    ? sql`${sql.raw(match.name === 'partial' ? 'true' : 'false')} as partial, r.rank as match_rank, `
    : sql``;
  const select = sql`select ${marks}(select count(*) from ${matched})::int as total, ${sql.raw(spec.columns)},
  left(${sql.raw(`t.${spec.textColumn}`)}, ${EXCERPT_CHARS}) as excerpt
from (select 1) one
left join (${ranked} r join ${table} t on t.id = r.id) on true${gate ? sql`\nwhere ${gate}` : sql``}`;
  return { ctes, select };
}

/**
 * Rows of the page (the spec's columns, `excerpt`: the start of the text, `total`: the capped count). A page
 * past the last match, or a query without match, still answers one row: `total` with null columns. With
 * `partial`, the rows of the full match come first (`partial` false), then, only when the full match found
 * fewer than `partial.below`, those of the partial match (`partial` true), each with its own count.
 */
export function searchStatement(spec: FullTextTable, options: SearchStatementOptions): SQL {
  const combined = options.partial !== undefined;
  const full = matchPart(spec, options, {
    query: options.query,
    plan: options.plan ?? 'index',
    name: 'full',
    combined,
  });
  if (!options.partial) {
    return sql`with ${full.ctes}
${full.select}
order by r.rank desc, r.id`;
  }
  // An initplan: computed once, and a false gate keeps the partial match's scan from starting at all.
  const gate = sql`(select count(*) from full_matched) < ${options.partial.below}`;
  const partial = matchPart(spec, options, {
    query: options.partial.query,
    plan: options.partial.plan,
    name: 'partial',
    gate,
    combined,
  });
  return sql`with ${full.ctes},
${partial.ctes}
${full.select}
union all
${partial.select}
order by partial, match_rank desc, id`;
}
