import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect } from 'react';

/**
 * The waits before opening a new stream once the browser has given one up, longer after each failure in a
 * row up to the last: a portal that answers errors for a while (a deploy, a proxy's 502) is not hammered, and
 * it is tried again at least this often for as long as the page is open.
 */
const REOPEN_DELAYS_MS = [1000, 2000, 5000, 10_000, 30_000];

/**
 * Keeps the queries under `queryKey` live from a server-sent event stream (the server feeds it from
 * PostgreSQL LISTEN/NOTIFY, so a change on any instance arrives): each of `events` and `resync` refreshes
 * them. After a dropped connection the browser reconnects by itself and sends the last event id, and the
 * server replays what was missed. After an HTTP error answer (502, 503, 401...) the browser gives up for good
 * (readyState CLOSED), so this opens a new stream after a bounded backoff, until the page unmounts. A new
 * stream carries no last event id: its `ready` refreshes the queries, which catches up whatever happened
 * meanwhile. The very first `ready` comes with the page's own fetch and refreshes nothing.
 */
export function useLiveEvents(
  path: string,
  events: readonly string[],
  queryKey: QueryKey,
  enabled: boolean,
): void {
  const queryClient = useQueryClient();
  const key = JSON.stringify(queryKey);
  const names = events.join(',');
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: JSON.parse(key) as QueryKey });
    let source: EventSource | undefined;
    let reopen: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    // Whether the page's data is as new as the stream's start: true only until the first ready or failure.
    let fresh = true;

    const open = () => {
      const current = new EventSource(path);
      source = current;
      for (const name of [...names.split(','), 'resync']) current.addEventListener(name, refresh);
      current.addEventListener('ready', () => {
        failures = 0;
        if (!fresh) refresh();
        fresh = false;
      });
      current.addEventListener('error', () => {
        fresh = false;
        // CONNECTING: the browser retries by itself. CLOSED: it never will, so a new stream is opened later.
        if (current.readyState !== EventSource.CLOSED) return;
        const delay = REOPEN_DELAYS_MS[Math.min(failures, REOPEN_DELAYS_MS.length - 1)];
        failures += 1;
        reopen = setTimeout(open, delay);
      });
    };

    open();
    return () => {
      clearTimeout(reopen);
      source?.close();
    };
  }, [enabled, path, names, key, queryClient]);
}
