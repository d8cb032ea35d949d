import { createHash } from 'node:crypto';
import { setImmediate as yieldToEvents } from 'node:timers/promises';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import { contentItems } from '../../connectors/content-items.js';
import type { Embedder } from '../../connectors/embedder/types.js';
import { executeRows, type Database } from '../../db/client.js';
import { passageVectors } from '../../db/schema/search.js';
import type { VectorRanking } from '../../lib/fulltext/hybrid-search.js';
import { normaliseQuery } from '../../lib/normalise-query.js';
import { htmlSections } from '../assistant/passages.js';

/**
 * A vector per passage of the public content (knowledge base, documentation, community: the built-in tables,
 * which the vendors' feeds fill too), for search to fuse with its full-text ranking (lib/fulltext/hybrid-search.ts).
 *
 * A passage is an item's title with one of its sections, cut as the assistant cuts them (htmlSections); a
 * community post is one passage. Each is embedded once per text and embedder: the row keeps the hash of the
 * text and the embedder's id, so a restart or another instance finds it done, and a changed article costs only
 * its changed sections. The job runs in the background after each content load (never before `/readyz`); until
 * its first pass ends, search is full-text only. Vectors are ranked in the process: a few thousand passages
 * of 512 floats are a few MB and a scan of them well under a millisecond.
 */

/**
 * Most characters of a passage embedded: the start of a long section says what it is about, and the built-in
 * model's cost grows with the length (80 ms of CPU at 1,000 characters).
 */
const PASSAGE_CHARS = 1000;

/** Query vectors kept (a query's vector costs about 15 ms of CPU with the built-in model). */
const QUERY_CACHE_SIZE = 500;

/** Progress is logged at about every this share of the passages to compute. */
const PROGRESS_STEP = 0.1;

export interface ContentPassage {
  source: string;
  itemId: number;
  passage: number;
  text: string;
  hash: string;
}

/** Every passage of the content, as embedded. */
export async function contentPassages(db: Database): Promise<ContentPassage[]> {
  const passages: ContentPassage[] = [];
  for (const item of await contentItems(db)) {
    const sections = item.html ? htmlSections(item.text) : [{ heading: '', text: item.text }];
    sections.forEach((section, passage) => {
      const text = [item.title, section.heading, section.text]
        .filter((part) => part !== '')
        .join('\n')
        .slice(0, PASSAGE_CHARS);
      const hash = createHash('sha256').update(text).digest('base64url');
      passages.push({ source: item.table, itemId: item.id, passage, text, hash });
    });
  }
  return passages;
}

/** One source's vectors in memory: the item of each passage, its place, and the vectors end to end. */
interface SourceVectors {
  items: Int32Array;
  passages: Int32Array;
  vectors: Float32Array;
  dimensions: number;
}

export interface PassageVectorsOptions {
  db: Database;
  embedder: Embedder;
  log: FastifyBaseLogger;
  /** Called when a pass has brought new vectors into use: cached search pages are stale then. */
  onReady: () => void;
}

/** What one pass of the job did. */
export interface VectorPass {
  passages: number;
  computed: number;
  removed: number;
  ms: number;
}

export class PassageVectors implements VectorRanking {
  private sources: ReadonlyMap<string, SourceVectors> | null = null;
  private readonly queries = new LRUCache<string, Promise<Float32Array>>({ max: QUERY_CACHE_SIZE });
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;

  constructor(private readonly options: PassageVectorsOptions) {}

  /** Whether search fuses vectors: from the end of the first pass on. */
  get ready(): boolean {
    return this.sources !== null;
  }

  covers(table: string): boolean {
    return (this.sources?.get(table)?.dimensions ?? 0) > 0;
  }

  /** Starts a pass in the background (after a content load); one already running is followed by another. */
  refresh(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.passes().finally(() => {
      this.running = null;
    });
  }

  /** Resolves when no pass is running (tests and the bench wait for the vectors with it). */
  async settled(): Promise<void> {
    while (this.running) await this.running;
  }

  /** Stops the job after the passage it is computing (the app is closing). */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.settled();
  }

  private async passes(): Promise<void> {
    do {
      this.again = false;
      try {
        const pass = await this.pass();
        if (pass)
          this.options.log.info({ embedder: this.options.embedder.id, ...pass }, 'passage vectors ready');
      } catch (error) {
        this.options.log.error({ err: error, embedder: this.options.embedder.id }, 'passage vectors failed');
      }
    } while (this.again && !this.stopped);
  }

  /** Brings the stored vectors up to date with the content, then loads them; null when stopped midway. */
  async pass(): Promise<VectorPass | null> {
    const started = performance.now();
    const { db, embedder, log } = this.options;
    const passages = await contentPassages(db);
    const done = await this.storedKeys();
    const todo = passages.filter((passage) => done.get(keyOf(passage)) !== passage.hash);
    if (todo.length > 0)
      log.info({ passages: passages.length, todo: todo.length }, 'computing passage vectors');
    let computed = 0;
    let logged = 0;
    for (let from = 0; from < todo.length; from += embedder.batchSize) {
      if (this.stopped) return null;
      // Another instance may have computed some meanwhile (it loaded the same content).
      const batch = await this.stillMissing(todo.slice(from, from + embedder.batchSize));
      if (batch.length > 0) {
        const vectors = await embedder.embed(batch.map((passage) => passage.text));
        await this.store(batch, vectors);
        computed += batch.length;
      }
      const share = (from + embedder.batchSize) / todo.length;
      if (share - logged >= PROGRESS_STEP && share < 1) {
        logged = share;
        log.info(
          { done: Math.min(from + embedder.batchSize, todo.length), of: todo.length },
          'passage vectors',
        );
      }
      // The built-in model computes in this thread: let waiting requests through between passages.
      await yieldToEvents();
    }
    const removed = await this.removeStale(passages);
    const sources = await this.loadVectors();
    // With every vector found stored, a local model has not run yet: loaded now (a second of CPU for the
    // built-in), not by the first search, which would spend its time budget on it.
    if (!this.sources) await embedder.warmUp?.();
    this.sources = sources;
    this.options.onReady();
    return { passages: passages.length, computed, removed, ms: Math.round(performance.now() - started) };
  }

  /** The hash of each passage stored for this embedder (only those of `hashes`, when given), by passage key. */
  private async storedKeys(hashes?: readonly string[]): Promise<Map<string, string>> {
    const ofEmbedder = eq(passageVectors.embedder, this.options.embedder.id);
    const rows = await this.options.db
      .select({
        source: passageVectors.source,
        itemId: passageVectors.itemId,
        passage: passageVectors.passage,
        hash: passageVectors.contentHash,
      })
      .from(passageVectors)
      .where(hashes ? and(ofEmbedder, inArray(passageVectors.contentHash, [...hashes])) : ofEmbedder);
    return new Map(rows.map((row) => [keyOf(row), row.hash]));
  }

  private async stillMissing(batch: ContentPassage[]): Promise<ContentPassage[]> {
    const stored = await this.storedKeys(batch.map((passage) => passage.hash));
    return batch.filter((passage) => stored.get(keyOf(passage)) !== passage.hash);
  }

  private async store(batch: readonly ContentPassage[], vectors: readonly Float32Array[]): Promise<void> {
    await this.options.db
      .insert(passageVectors)
      .values(
        batch.map((passage, index) => ({
          source: passage.source,
          itemId: passage.itemId,
          passage: passage.passage,
          embedder: this.options.embedder.id,
          contentHash: passage.hash,
          vector: Array.from(vectors[index] ?? []),
        })),
      )
      .onConflictDoUpdate({
        target: [passageVectors.source, passageVectors.itemId, passageVectors.passage],
        set: {
          embedder: sql`excluded.embedder`,
          contentHash: sql`excluded.content_hash`,
          vector: sql`excluded.vector`,
        },
      });
  }

  /** Drops the rows of passages the content no longer has, and those of another embedder. */
  private async removeStale(passages: readonly ContentPassage[]): Promise<number> {
    const { db, embedder } = this.options;
    const other = await db
      .delete(passageVectors)
      .where(ne(passageVectors.embedder, embedder.id))
      .returning({ source: passageVectors.source });
    const current = new Set(passages.map(keyOf));
    const gone = [...(await this.storedKeys()).keys()].filter((key) => !current.has(key));
    if (gone.length === 0) return other.length;
    // Keys hold only table names and numbers, so the array literal needs no quoting.
    const deleted = await executeRows(
      db,
      sql`delete from passage_vectors
        where source || '/' || item_id || '/' || passage = any(${`{${gone.join(',')}}`}::text[])
        returning source`,
    );
    return other.length + deleted.length;
  }

  private async loadVectors(): Promise<Map<string, SourceVectors>> {
    const rows = await this.options.db
      .select({
        source: passageVectors.source,
        itemId: passageVectors.itemId,
        passage: passageVectors.passage,
        vector: passageVectors.vector,
      })
      .from(passageVectors)
      .where(eq(passageVectors.embedder, this.options.embedder.id));
    const sources = new Map<string, SourceVectors>();
    for (const table of new Set(rows.map((row) => row.source))) {
      const own = rows.filter((row) => row.source === table);
      const dimensions = own[0]?.vector.length ?? 0;
      const vectors = new Float32Array(own.length * dimensions);
      own.forEach((row, index) => vectors.set(row.vector.slice(0, dimensions), index * dimensions));
      sources.set(table, {
        items: Int32Array.from(own.map((row) => row.itemId)),
        passages: Int32Array.from(own.map((row) => row.passage)),
        vectors,
        dimensions,
      });
    }
    return sources;
  }

  /**
   * The `limit` items of `table` whose passages are nearest to the query (an item scores its best passage),
   * nearest first; null until the first pass has ended, or for a table without vectors.
   */
  async rank(table: string, query: string, limit: number): Promise<number[] | null> {
    const source = this.sources?.get(table);
    if (!source || source.dimensions === 0) return null;
    return nearestItems(source, await this.queryVector(query), limit);
  }

  /**
   * The similarity (cosine, -1 to 1) to the query of every passage of these items of `table`, keyed
   * `<item id>/<passage>`, the passage being its place in its item as the assistant's passages.ts numbers it
   * (`order`); null until the first pass has ended. For ranking passages rather than items.
   */
  async passageSimilarities(
    table: string,
    query: string,
    itemIds: readonly number[],
  ): Promise<Map<string, number> | null> {
    const source = this.sources?.get(table);
    if (!source || source.dimensions === 0) return null;
    const vector = await this.queryVector(query);
    const wanted = new Set(itemIds);
    const similarities = new Map<string, number>();
    for (let row = 0; row < source.items.length; row += 1) {
      const item = source.items[row] ?? 0;
      if (wanted.has(item)) {
        similarities.set(`${item}/${source.passages[row] ?? 0}`, similarityOf(source, row, vector));
      }
    }
    return similarities;
  }

  private queryVector(query: string): Promise<Float32Array> {
    const key = normaliseQuery(query);
    let vector = this.queries.get(key);
    if (!vector) {
      vector = this.options.embedder.embed([key]).then(([first]) => first ?? new Float32Array(0));
      // A failed call is not kept: the next search asks again.
      vector.catch(() => this.queries.delete(key));
      this.queries.set(key, vector);
    }
    return vector;
  }
}

/** The dot product of passage `row` with the query: their cosine, both being of length 1. */
function similarityOf(source: SourceVectors, row: number, query: Float32Array): number {
  const { vectors, dimensions } = source;
  if (query.length !== dimensions) return 0;
  let score = 0;
  const offset = row * dimensions;
  for (let i = 0; i < dimensions; i += 1) score += (vectors[offset + i] ?? 0) * (query[i] ?? 0);
  return score;
}

/** The items of the passages nearest to `query`, each item once at its best passage's similarity. */
function nearestItems(source: SourceVectors, query: Float32Array, limit: number): number[] {
  const { items, dimensions } = source;
  if (query.length !== dimensions) return [];
  const best = new Map<number, number>();
  for (let row = 0; row < items.length; row += 1) {
    const score = similarityOf(source, row, query);
    const item = items[row] ?? 0;
    if (score > (best.get(item) ?? -Infinity)) best.set(item, score);
  }
  return [...best.entries()]
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .slice(0, limit)
    .map(([item]) => item);
}

function keyOf(passage: { source: string; itemId: number; passage: number }): string {
  return `${passage.source}/${passage.itemId}/${passage.passage}`;
}
