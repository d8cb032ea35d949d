// Types of rss.mjs, for the benches written in TypeScript.
export function rssMb(pid: number): number;
