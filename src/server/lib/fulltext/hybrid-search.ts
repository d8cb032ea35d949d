import type { ConnectorSearchQuery, SearchPage } from '../../connectors/search-types.js';
import { namesIdentifier } from './query-terms.js';

/**
 * Search by meaning beside search by words: a content source's full-text ranking fused with the similarity of
 * its passages' vectors to the query, by reciprocal-rank fusion (RRF: each item scores the sum of
 * 1 / (k + rank) over the lists it is in). Both constants were fixed before any measurement: k = 60, the value
 * of the method's paper (Cormack, Clarke and Büttcher, SIGIR 2009), and the first 10 of each list, a result
 * page (../shared/research/semantic-search.md measured the same pair).
 *
 * The full-text layer keeps the decision whether there is an answer at all: a query it finds nothing for
 * answers nothing, whatever vectors lie nearest (a vector always has neighbours, and their similarity does not
 * tell an answer from none). Vectors only re-order the first results and add the items they find near, which
 * is where a paraphrase sharing no distinctive word with its article gets found.
 *
 * The fused order is the fused first lists, then the rest of the full-text ranking without the items already
 * shown; the count is the full-text count plus the items the vectors added, so page 2 continues page 1.
 */

/** RRF's constant: large enough that the first few ranks of one list do not drown the other list. */
export const FUSION_K = 60;

/** How many of each list are fused (a page of results). */
export const FUSED_DEPTH = 10;

/** The vectors of the content sources, as search asks them. */
export interface VectorRanking {
  /**
   * Whether the table's items have vectors in use (their first computation has ended): until then, and for
   * every other table (tickets, defects), search is full-text only.
   */
  covers(table: string): boolean;
  /** The `limit` items of `table` nearest to the query, nearest first; null when the table has none. */
  rank(table: string, query: string, limit: number): Promise<number[] | null>;
}

/** Ids in RRF order; an id in both lists sums both terms, ties go to the better full-text rank, then the id. */
export function fuseRanks(textIds: readonly number[], vectorIds: readonly number[], k = FUSION_K): number[] {
  const scores = new Map<number, number>();
  const add = (ids: readonly number[]) =>
    ids.forEach((id, rank) => scores.set(id, (scores.get(id) ?? 0) + 1 / (k + rank + 1)));
  add(textIds);
  add(vectorIds);
  const textRank = (id: number) => {
    const rank = textIds.indexOf(id);
    return rank === -1 ? Infinity : rank;
  };
  return [...scores.keys()].sort(
    (a, b) => (scores.get(b) ?? 0) - (scores.get(a) ?? 0) || textRank(a) - textRank(b) || a - b,
  );
}

/** What the fusion asks of a source's full-text search (its filter already applied). */
export interface HybridParts<Row> {
  /** The first `size` rows of the full-text ranking, and its count. */
  textTop(size: number): Promise<SearchPage<Row>>;
  /** The full-text matches among these ids. */
  textAmong(ids: readonly number[]): Promise<SearchPage<Row>>;
  /** These items' rows (those the filter admits), with a snippet cut from the start of their text. */
  rowsOf(ids: readonly number[]): Promise<Row[]>;
  idOf(row: Row): number;
}

export interface HybridOptions {
  vectors: VectorRanking;
  table: string;
  /**
   * Fewer full-text matches than this for every word, and the result stays full-text only: the search's
   * fallbacks (corrected spelling, partial match) decide on that count, and must see the one they always saw.
   */
  extendFrom: number;
}

/**
 * One page of the fused ranking; null when the vectors have nothing to add (not ready, no vectors for the
 * table, a full match too small to extend, a query naming an identifier or code: query-terms.ts `namesIdentifier`): the caller then runs its plain full-text page.
 */
export async function hybridPage<Row>(
  parts: HybridParts<Row>,
  query: Pick<ConnectorSearchQuery, 'query' | 'page' | 'pageSize' | 'match'>,
  options: HybridOptions,
): Promise<SearchPage<Row> | null> {
  if (!options.vectors.covers(options.table)) return null;
  const head = await parts.textTop(FUSED_DEPTH);
  if (head.count === 0) return { count: 0, hits: [] };
  const textOnly =
    ((query.match ?? 'all') === 'all' && head.count < options.extendFrom) || namesIdentifier(query.query);
  if (textOnly) {
    // Page 1 is the head already (whole, since the head is a page or more).
    return query.page === 1 && query.pageSize <= FUSED_DEPTH
      ? { count: head.count, hits: head.hits.slice(0, query.pageSize) }
      : null;
  }
  const ranked = await options.vectors.rank(options.table, query.query, FUSED_DEPTH);
  if (!ranked) return null;

  const rows = new Map(head.hits.map((row) => [parts.idOf(row), row]));
  const textIds = [...rows.keys()];
  const outside = ranked.filter((id) => !rows.has(id));
  // Items the filter does not admit (another category) or that are gone are left out.
  const added = new Map(
    (outside.length > 0 ? await parts.rowsOf(outside) : []).map((row) => [parts.idOf(row), row]),
  );
  // Added items that the full text matches further down: they move up, and are not counted twice.
  const moved = new Set<number>();
  if (added.size > 0 && head.count > textIds.length) {
    for (const row of (await parts.textAmong([...added.keys()])).hits) {
      const id = parts.idOf(row);
      moved.add(id);
      added.set(id, row);
    }
  }
  const fused = fuseRanks(
    textIds,
    ranked.filter((id) => rows.has(id) || added.has(id)),
  ).map((id) => rows.get(id) ?? (added.get(id) as Row));
  const count = head.count + added.size - moved.size;

  const start = (query.page - 1) * query.pageSize;
  const end = start + query.pageSize;
  if (end <= fused.length || fused.length >= count) return { count, hits: fused.slice(start, end) };
  const deep = await parts.textTop(FUSED_DEPTH + (end - fused.length) + moved.size);
  const tail = deep.hits.slice(FUSED_DEPTH).filter((row) => !moved.has(parts.idOf(row)));
  return { count, hits: [...fused, ...tail].slice(start, end) };
}
