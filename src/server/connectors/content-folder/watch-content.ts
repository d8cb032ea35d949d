import { watch, type FSWatcher } from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';

/** Quiet time after the last change before the content is loaded again (editors write several times). */
export const CONTENT_RELOAD_DEBOUNCE_MS = 300;

export interface ContentWatcher {
  close(): void;
}

/**
 * Calls `reload` once the files under `dir` have been quiet for the debounce time. Loads never overlap: a
 * change during a load schedules one more load after it.
 */
export function watchContent(options: {
  dir: string;
  reload: () => Promise<void>;
  log: FastifyBaseLogger;
  debounceMs?: number;
}): ContentWatcher {
  const debounceMs = options.debounceMs ?? CONTENT_RELOAD_DEBOUNCE_MS;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let closed = false;

  const run = (): void => {
    if (closed) return;
    if (running) {
      again = true;
      return;
    }
    running = options
      .reload()
      .catch((error: unknown) => options.log.error({ err: error }, 'content reload failed'))
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          schedule();
        }
      });
  };
  const schedule = (): void => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(run, debounceMs);
  };

  let watcher: FSWatcher | undefined;
  try {
    watcher = watch(options.dir, { recursive: true }, schedule);
    watcher.on('error', (error) => options.log.warn({ err: error }, 'content watcher stopped'));
  } catch (error) {
    options.log.warn({ err: error, dir: options.dir }, 'content folder cannot be watched; no live reload');
  }
  return {
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
      watcher?.close();
    },
  };
}
