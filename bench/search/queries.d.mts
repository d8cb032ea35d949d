// Types of queries.mjs, for the benches written in TypeScript.
export const QUERIES: string[];
export const WORDS: string[];
/** A popular query, by Zipf's law over QUERIES. */
export function popular(): string;
/** A popular query, or with probability `uniqueShare` one of the long tail (a popular one and a word). */
export function pick(uniqueShare: number): string;
