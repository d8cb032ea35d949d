/**
 * The load bench's memory samples: the resident memory of each portal read every second, kept every 5 s as
 * two series, the lowest reading of those five (the floor, which the bench judges) and the reading at the
 * 5 s mark (the instant, shown beside it). Under load a reading holds the requests in flight: their garbage in
 * V8's young generation and the rendered pages in its large-object space come and go by 10-20 MB from one
 * second to the next, so a single reading every 5 s says as much about when it was taken as about what the
 * process keeps. The floor is what the process keeps between those swings; memory that grows raises it.
 */
import { rssMb } from '../support/rss.mjs';

const READ_EVERY_MS = 1_000;
const READS_PER_SAMPLE = 5;

export interface RssSeries {
  /** Per instance, the lowest reading of each 5 s, in MB. */
  floor: number[][];
  /** Per instance, the reading at each 5 s mark, in MB. */
  instant: number[][];
  /** When each sample was taken (ms since the epoch). */
  times: number[];
}

/**
 * Samples `pids` from now on, a first sample at once. `next()` ends the current series (a last sample of the
 * readings since the previous one) and starts a new one, as `stop()` ends it for good.
 */
export function sampleRss(pids: number[]): { next(): RssSeries; stop(): RssSeries } {
  const empty = (): RssSeries => ({ floor: pids.map(() => []), instant: pids.map(() => []), times: [] });
  let series = empty();
  let low: number[] = [];
  let reads = 0;
  const read = (): number[] => {
    const now = pids.map(rssMb);
    low = reads === 0 ? now : low.map((value, i) => Math.min(value, now[i] ?? value));
    reads += 1;
    return now;
  };
  const keep = (now: number[]): void => {
    series.times.push(Date.now());
    pids.forEach((_, i) => {
      series.floor[i]?.push(low[i] ?? NaN);
      series.instant[i]?.push(now[i] ?? NaN);
    });
    reads = 0;
  };
  keep(read());
  const timer = setInterval(() => {
    const now = read();
    if (reads === READS_PER_SAMPLE) keep(now);
  }, READ_EVERY_MS);
  // A bench that fails half-way must still exit.
  timer.unref();
  const end = (): RssSeries => {
    keep(read());
    const ended = series;
    series = empty();
    return ended;
  };
  return {
    next() {
      const ended = end();
      keep(read());
      return ended;
    },
    stop() {
      clearInterval(timer);
      return end();
    },
  };
}
