/**
 * A preload (`NODE_OPTIONS=--import=<this file>`, with `MEMORY_LOG_DIR` set) that writes, every
 * `MEMORY_SAMPLE_MS` (default 1000), one JSON line of where the process's memory is to
 * `MEMORY_LOG_DIR/<pid>.memory.jsonl`: `process.memoryUsage()`, V8's heap statistics and its spaces, and the
 * kernel's split of the resident memory (anonymous: heaps and malloc; file: the mapped binary and libraries).
 * Resident memory alone cannot tell V8 sizing its heap from native memory (compression contexts, buffers)
 * from glibc keeping freed pages; a bench reads these lines beside its own samples. Nothing is served: a
 * production process never loads this file, and the timer does not keep the process alive.
 */
import { appendFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getHeapSpaceStatistics, getHeapStatistics } from 'node:v8';

const dir = process.env.MEMORY_LOG_DIR;
const everyMs = Number(process.env.MEMORY_SAMPLE_MS ?? 1000);

/** The kernel's counters of /proc/self/status that split the resident memory, in kB. */
function residentSplit() {
  const status = readFileSync('/proc/self/status', 'utf8');
  const kb = (name) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN);
  return { rssAnonKb: kb('RssAnon'), rssFileKb: kb('RssFile'), vmHwmKb: kb('VmHWM') };
}

if (dir) {
  const file = join(dir, `${process.pid}.memory.jsonl`);
  const sample = () => {
    const usage = process.memoryUsage();
    const heap = getHeapStatistics();
    const spaces = Object.fromEntries(
      getHeapSpaceStatistics().map((space) => [
        space.space_name,
        { used: space.space_used_size, physical: space.physical_space_size },
      ]),
    );
    const line = {
      t: Date.now(),
      ...usage,
      ...residentSplit(),
      mallocedMemory: heap.malloced_memory,
      peakMallocedMemory: heap.peak_malloced_memory,
      totalPhysicalSize: heap.total_physical_size,
      nativeContexts: heap.number_of_native_contexts,
      detachedContexts: heap.number_of_detached_contexts,
      spaces,
    };
    appendFileSync(file, `${JSON.stringify(line)}\n`);
  };
  sample();
  setInterval(sample, everyMs).unref();
}
