/**
 * What the resident memory the load bench samples is made of (`LOAD_MEMORY_DIR`): the lines
 * bench/support/memory-on-interval.mjs wrote in each portal, taken at the bench's own sample times, as one
 * series per quantity with the same last-third check as the resident memory's.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

interface MemoryLine {
  t: number;
  rss: number;
  heapTotal: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
  rssAnonKb: number;
  rssFileKb: number;
  spaces: Record<string, { used: number; physical: number } | undefined>;
}

const MB = 1024 * 1024;

/** The quantities shown, in MB, in the order of the table. */
const QUANTITIES: Array<[string, (line: MemoryLine) => number]> = [
  ['rss', (line) => line.rss / MB],
  ['rss anon', (line) => line.rssAnonKb / 1024],
  ['rss file', (line) => line.rssFileKb / 1024],
  ['heap total', (line) => line.heapTotal / MB],
  ['heap used', (line) => line.heapUsed / MB],
  ['new space', (line) => (line.spaces.new_space?.physical ?? 0) / MB],
  ['old space', (line) => (line.spaces.old_space?.physical ?? 0) / MB],
  ['code space', (line) => (line.spaces.code_space?.physical ?? 0) / MB],
  ['large objects', (line) => (line.spaces.large_object_space?.physical ?? 0) / MB],
  ['external', (line) => line.external / MB],
  ['array buffers', (line) => line.arrayBuffers / MB],
  // What V8 does not account for: malloc'd memory outside the heap and external memory it was told of
  // (compression contexts, the database driver's and sockets' buffers, glibc keeping freed pages).
  [
    'rss anon - heap total - external',
    (line) => (line.rssAnonKb * 1024 - line.heapTotal - line.external) / MB,
  ],
];

function readLines(dir: string, pid: number): MemoryLine[] {
  const file = join(dir, `${pid}.memory.jsonl`);
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as MemoryLine);
}

/** The line written closest to `t`. */
function nearest(lines: MemoryLine[], t: number): MemoryLine | undefined {
  let best: MemoryLine | undefined;
  for (const line of lines) {
    if (!best || Math.abs(line.t - t) < Math.abs(best.t - t)) best = line;
  }
  return best;
}

/**
 * Markdown rows, one per instance and quantity: the series at `times` (ms since the epoch) and its last third's
 * spread, judged by `spreadOf` (the bench's own check).
 */
export function memorySplitRows(
  dir: string,
  pids: number[],
  times: number[],
  spreadOf: (samples: number[]) => number,
): string[] {
  const rows: string[] = [];
  pids.forEach((pid, i) => {
    const lines = readLines(dir, pid);
    if (lines.length === 0) return;
    const picked = times
      .map((t) => nearest(lines, t))
      .filter((line): line is MemoryLine => line !== undefined);
    for (const [name, value] of QUANTITIES) {
      const series = picked.map((line) => Math.round(value(line)));
      rows.push(`| ${i + 1} | ${name} | ${series.join(' ')} | ${(spreadOf(series) * 100).toFixed(1)} % |`);
    }
  });
  return rows;
}
