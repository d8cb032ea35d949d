import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect } from 'react';

/**
 * Keeps the queries under `queryKey` live from a server-sent event stream (the server feeds it from
 * PostgreSQL LISTEN/NOTIFY, so a change on any instance arrives): each of `events` and `resync` refreshes
 * them. The browser reconnects by itself after a drop; every reopened stream (its `ready`) refreshes too,
 * which catches up whatever happened while it was away. The first `ready` comes with the page's own fetch.
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
    const source = new EventSource(path);
    let opened = false;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: JSON.parse(key) as QueryKey });
    for (const name of [...names.split(','), 'resync']) source.addEventListener(name, refresh);
    source.addEventListener('ready', () => {
      if (opened) refresh();
      opened = true;
    });
    return () => source.close();
  }, [enabled, path, names, key, queryClient]);
}
