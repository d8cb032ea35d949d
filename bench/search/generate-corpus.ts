/**
 * Synthetic search corpus for bench/search: `items` rows (default 100,000) spread over the knowledge base,
 * documentation, community, tickets and defects, inserted in batches of 1,000.
 *
 * The text is realistic in the way that matters to full-text search: word frequencies. A word-bigram model is
 * trained on the portal's own hand-written content (`content/`: about 40,000 words, 3,700 distinct) and walked to
 * write new sentences, so common words ("controller", "gateway") occur in about as many documents as in the
 * real content, rare ones in few, and stop words are in the text as they would be. Body lengths are drawn from
 * the real items of the same kind. Every twentieth sentence carries a generated identifier (an error code, a
 * release number, a host name), the long tail that keeps growing with a real corpus. Titles come from a
 * second model trained on the real titles. Rows carry no `source_path`, so the content loader leaves them
 * alone.
 *
 *   node --import tsx bench/search/generate-corpus.ts --database-url postgres://... [--items 100000]
 *   node --import tsx bench/search/generate-corpus.ts --data-dir ./tmp-bench [--items 100000]
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { helpdeskTickets } from '../../src/server/connectors/helpdesk/builtin/schema.js';
import { trackerIssues } from '../../src/server/connectors/tracker/builtin/schema.js';
import { openDatabase, type Database } from '../../src/server/db/client.js';
import { migrateDatabase } from '../../src/server/db/migrate.js';
import { communityPosts } from '../../src/server/connectors/community/builtin/schema.js';
import { docsPages } from '../../src/server/connectors/docs/builtin/schema.js';
import { kbArticles } from '../../src/server/connectors/knowledge-base/builtin/schema.js';
import { readContent } from '../../src/server/connectors/content-folder/read-content.js';
import { refreshSearchWords } from '../../src/server/services/search/search-words.js';
import { tableVocabulary } from '../../src/server/lib/fulltext/term-stats.js';
import { KB_FULLTEXT } from '../../src/server/connectors/knowledge-base/builtin/knowledge-base.js';
import { DOCS_FULLTEXT } from '../../src/server/connectors/docs/builtin/docs.js';
import { COMMUNITY_FULLTEXT } from '../../src/server/connectors/community/builtin/community.js';

const CONTENT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../content');

/** Deterministic pseudo-random numbers (mulberry32), so every run on the same content builds the same corpus. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const START = '\u0000start';
const END = '\u0000end';

/** Next words seen after each word (repeats kept, so picking uniformly follows the observed frequencies). */
type Bigrams = Map<string, string[]>;

function train(texts: readonly string[]): Bigrams {
  const model: Bigrams = new Map();
  const add = (from: string, to: string) => {
    const next = model.get(from);
    if (next) next.push(to);
    else model.set(from, [to]);
  };
  for (const text of texts) {
    for (const sentence of text.split(/(?<=[.!?])\s+/)) {
      const words = sentence.split(/\s+/).filter(Boolean);
      if (words.length === 0) continue;
      words.forEach((word, i) => add(i === 0 ? START : (words[i - 1] ?? START), word));
      add(words[words.length - 1] ?? START, END);
    }
  }
  return model;
}

/** Share of steps that follow the topic item's own bigrams (the rest follow the whole content's). */
const TOPIC_WEIGHT = 0.85;

interface SourceItem {
  title: string;
  text: string;
}

/**
 * Writes text about the topic of one real item: a walk that mostly follows that item's bigrams and sometimes
 * the whole content's. Real documents are topical (a VPN client article rarely says "FireNet"), so a word's
 * share of documents stays close to the real content's instead of every word appearing everywhere.
 */
function textMaker(seed: number, items: readonly SourceItem[]) {
  const next = random(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const global = {
    body: train(items.map((item) => item.text)),
    title: train(items.map((item) => item.title)),
  };
  const topics = items.map((item) => ({
    body: train([item.text]),
    title: train([item.title]),
    words: wordCount(item.text),
  }));
  const walk = (topic: Bigrams, whole: Bigrams, maxWords: number): string[] => {
    const words: string[] = [];
    let word = START;
    while (words.length < maxWords) {
      const own = next() < TOPIC_WEIGHT ? topic.get(word) : undefined;
      word = pick(own ?? whole.get(word) ?? [END]);
      if (word === END) break;
      words.push(word);
    }
    return words;
  };
  const identifier = () =>
    pick([
      () => `ERR-${1000 + Math.floor(next() * 9000)}`,
      () => `${6 + Math.floor(next() * 3)}.${Math.floor(next() * 10)}.${Math.floor(next() * 3000)}`,
      () => `gw-${Math.floor(next() * 100000).toString(36)}`,
    ])();
  let sentences = 0;
  return {
    next,
    /** A title and about as many words of text as the real item it is about, times `scale`. */
    item(scale = 1): { title: string; text: string } {
      const topic = pick(topics);
      const parts: string[] = [];
      let count = 0;
      while (count < topic.words * scale) {
        const words = walk(topic.body, global.body, 40);
        sentences += 1;
        if (sentences % 20 === 0) words.splice(Math.floor(next() * words.length), 0, identifier());
        parts.push(words.join(' '));
        count += words.length;
      }
      return { title: walk(topic.title, global.title, 14).join(' '), text: parts.join(' ') };
    },
  };
}

const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;

/**
 * The corpus's two writers, trained on `content/`: `article` writes like the KB articles and docs pages,
 * `post` like the community posts (also used for tickets and defects). Seeded: the same content gives the
 * same sequence of items.
 */
export async function corpusWriters(
  contentDir: string = CONTENT_DIR,
): Promise<{ article: ReturnType<typeof textMaker>; post: ReturnType<typeof textMaker> }> {
  const content = await readContent(contentDir);
  const articles = [...content.kb, ...content.docs].map((item) => ({
    title: item.title,
    text: item.bodyText,
  }));
  if (articles.length === 0 || content.community.length === 0) {
    throw new Error('the corpus is trained on content/ and found no articles or posts there');
  }
  return { article: textMaker(42, articles), post: textMaker(43, content.community) };
}

export const CORPUS_SHARES = { kb: 0.35, docs: 0.25, community: 0.3, tickets: 0.05, issues: 0.05 };
const BATCH = 1000;

export async function generateCorpus(options: {
  db: Database;
  items: number;
  log?: (message: string) => void;
  /** Where the hand-written content the text model learns from lives (default: the project's content/). */
  contentDir?: string;
}): Promise<Record<keyof typeof CORPUS_SHARES, number>> {
  const { db, items } = options;
  const log = options.log ?? (() => undefined);
  const { article, post } = await corpusWriters(options.contentDir);
  const counts = Object.fromEntries(
    Object.entries(CORPUS_SHARES).map(([key, share]) => [key, Math.round(items * share)]),
  ) as Record<keyof typeof CORPUS_SHARES, number>;
  const batches = async (total: number, insert: (from: number, to: number) => Promise<unknown>) => {
    for (let from = 0; from < total; from += BATCH) await insert(from, Math.min(total, from + BATCH));
  };
  const ids = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);
  const now = Date.now();

  await batches(counts.kb, (from, to) =>
    db.insert(kbArticles).values(
      ids(from, to).map((i) => {
        const { title, text } = article.item();
        return {
          slug: `bench-kb-${i}`,
          title,
          body: `<p>${text}</p>`,
          bodyText: text,
          section: 'Bench',
          htmlUrl: `/docs?article=bench-kb-${i}`,
          userSegmentId: i % 10 === 0 ? 1 : null,
          viewCount: Math.floor(article.next() * 1000),
          updatedAt: new Date(now - i * 60_000),
        };
      }),
    ),
  );
  log(`kb ${counts.kb}`);
  await batches(counts.docs, (from, to) =>
    db.insert(docsPages).values(
      ids(from, to).map((i) => {
        const { title, text } = article.item();
        return {
          title,
          domain: 'docs.acme.example',
          path: `/bench/${i}`,
          body: `<p>${text}</p>`,
          bodyText: text,
          blocks: [{ title: '', content: text.slice(0, 500) }],
          updatedAt: new Date(now - i * 60_000),
        };
      }),
    ),
  );
  log(`docs ${counts.docs}`);
  await batches(counts.community, (from, to) =>
    db.insert(communityPosts).values(
      ids(from, to).map((i) => ({
        slug: `bench-post-${i}`,
        ...post.item(),
        author: `user${i % 500}`,
        url: `https://community.acme.example/t/bench-post-${i}`,
        replies: Math.floor(post.next() * 20),
      })),
    ),
  );
  log(`community ${counts.community}`);
  await batches(counts.tickets, (from, to) =>
    db.insert(helpdeskTickets).values(
      ids(from, to).map((i) => {
        const { title, text } = post.item();
        return {
          subject: title,
          description: text,
          status: 'open' as const,
          requesterEmail: `customer${i % 200}@example.com`,
        };
      }),
    ),
  );
  log(`tickets ${counts.tickets}`);
  await batches(counts.issues, (from, to) =>
    db.insert(trackerIssues).values(
      ids(from, to).map((i) => {
        // Defects are terser than forum posts: half the length.
        const { title, text } = post.item(0.5);
        return { key: `BENCH-${i + 1}`, summary: title, description: text, status: 'Open' };
      }),
    ),
  );
  log(`issues ${counts.issues}`);
  // The 'Did you mean' word list, as the content loader leaves it after a load.
  await refreshSearchWords(
    db,
    [KB_FULLTEXT, DOCS_FULLTEXT, COMMUNITY_FULLTEXT].map((table) => ({
      vocabulary: () => tableVocabulary(db, table),
    })),
  );
  // Fresh statistics (or the planner guesses on tables it has never analysed) and the state autovacuum keeps
  // a running database in: GIN pending lists merged, visibility map set.
  await db.execute('vacuum analyze');
  // Writes the corpus's dirty pages out now, not during the measurement that follows.
  await db.execute('checkpoint');
  return counts;
}

async function cli(): Promise<void> {
  const { values } = parseArgs({
    options: {
      'database-url': { type: 'string' },
      'data-dir': { type: 'string' },
      items: { type: 'string', default: '100000' },
    },
  });
  const url = values['database-url'];
  const dataDir = values['data-dir'];
  if (!url && !dataDir) throw new Error('give --database-url or --data-dir');
  const handle = await openDatabase({ location: url ? { url } : { dataDir: dataDir ?? '' } });
  try {
    await migrateDatabase(handle);
    const started = performance.now();
    const counts = await generateCorpus({ db: handle.db, items: Number(values.items), log: console.log });
    console.log(counts, `${Math.round((performance.now() - started) / 1000)} s`);
  } finally {
    await handle.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await cli();
