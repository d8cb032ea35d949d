import type { KnowledgeOptions } from './articles.js';

/** Largest value of a PostgreSQL `integer` (the id column). */
const MAX_INTEGER_ID = 2_147_483_647;

export interface ArticleViewOptions {
  /** How long views are counted in memory before one statement adds them up. */
  flushMs: number;
  /** Most distinct articles counted per window; views of others wait for the next one (a flood of slugs). */
  maxArticles: number;
  /** Most distinct (client, article) pairs remembered per window; views past it are not counted. */
  maxReaders: number;
  onError: (error: unknown) => void;
}

/**
 * The articles' view counts (`KnowledgeBaseConnector.addViews`), counted as they are read: the article page
 * reports a view once it shows the article (`POST /api/zendesk/articles/:id/views`; the article's own GET is a kept answer, replayed before
 * any route runs, so it cannot count). Views are added up in memory and written as one statement per
 * `flushMs` and instance, whatever the traffic: a spike of readers costs one row update per article read,
 * not one commit per view. A client address counts once per article and window (a reload is not a reader).
 * A crash loses at most the last window; a graceful shutdown writes what is counted (`close`).
 */
export class ArticleViewCounter {
  /** Views per article id, and per slug for a slug the page was opened by. */
  private ids = new Map<number, number>();
  private slugs = new Map<string, number>();
  private readers = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private readonly writing = new Set<Promise<void>>();
  private closed = false;

  constructor(
    private readonly knowledge: KnowledgeOptions,
    private readonly options: ArticleViewOptions,
  ) {}

  /** One view of an article (its id or slug, as the route validated it) by a client address. */
  record(idOrSlug: string, client: string): void {
    if (this.closed) return;
    const reader = `${client}\n${idOrSlug}`;
    if (this.readers.has(reader) || this.readers.size >= this.options.maxReaders) return;
    const id = /^\d{1,10}$/.test(idOrSlug) ? Number(idOrSlug) : undefined;
    // A number past the id column's range is no article: not counted (nor stored as a slug).
    if (id !== undefined && id > MAX_INTEGER_ID) return;
    const counts: Map<number | string, number> = id !== undefined ? this.ids : this.slugs;
    const key = id ?? idOrSlug;
    if (!counts.has(key) && this.ids.size + this.slugs.size >= this.options.maxArticles) return;
    this.readers.add(reader);
    counts.set(key, (counts.get(key) ?? 0) + 1);
    this.timer ??= setTimeout(() => void this.flush(), this.options.flushMs).unref();
  }

  /** Writes what is counted and resolves when every write started so far has settled (failures are logged). */
  async flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const ids = this.ids;
    const slugs = this.slugs;
    this.ids = new Map();
    this.slugs = new Map();
    this.readers = new Set();
    if (ids.size > 0 || slugs.size > 0) {
      const write: Promise<void> = this.write(ids, slugs)
        .catch(this.options.onError)
        .finally(() => this.writing.delete(write));
      this.writing.add(write);
    }
    await Promise.all([...this.writing]);
  }

  private write(ids: Map<number, number>, slugs: Map<string, number>): Promise<void> {
    return this.knowledge.knowledgeBase.addViews({ byId: ids, bySlug: slugs });
  }

  /** Writes what is counted and stops counting. */
  async close(): Promise<void> {
    this.closed = true;
    await this.flush();
  }
}

/**
 * How long an answer ordered by view counts is kept (the home page's and the Tech Hub's most viewed lists, and
 * those pages' anonymous renders): the counts move them within this time on every instance, at the cost of
 * producing each such answer again once per period.
 */
export const VIEW_ORDERED_TTL_MS = 10 * 60_000;
