import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiPaths } from '../../../../common/api-paths';
import { NOTICES_KEY } from './notice-contracts';

/**
 * Keeps the notices of this page live: an EventSource on `api/noticesModule/events` (the server feeds it from
 * PostgreSQL LISTEN/NOTIFY, so a change on any instance arrives) refreshes every notice query on each change.
 * The browser reconnects by itself after a drop and sends the last event id, and the server replays what was
 * missed; every (re)opened stream also refreshes, which catches up whatever the replay could not.
 */
export function useNoticeEvents(enabled: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const source = new EventSource(apiPaths.notices.events);
    let opened = false;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: NOTICES_KEY });
    source.addEventListener('notice', refresh);
    source.addEventListener('resync', refresh);
    source.addEventListener('ready', () => {
      // The first stream of the page comes with the page's own fetch; a later one follows a drop.
      if (opened) refresh();
      opened = true;
    });
    return () => source.close();
  }, [enabled, queryClient]);
}
