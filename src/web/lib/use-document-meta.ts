import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useLocation, useMatches } from 'react-router';
import { usePortalConfig } from './portal-config-context';
import { documentTitle, resolveRouteMeta } from './route-handle';

/** Title and description in one string (a stable snapshot: React compares it by value). */
const SEPARATOR = '\u0000';

/**
 * Keeps `<title>` and the meta description in step with client-side navigation and with the page's data (an
 * article's title once it has loaded, a ticket's subject). The server writes both into the first HTML from the
 * same route handles and the same cache, so the first render changes nothing. The cache is watched through a
 * snapshot of the title itself: the layout renders again only when the title or description changes.
 */
export function useDocumentMeta(): void {
  const config = usePortalConfig();
  const matches = useMatches();
  const { search } = useLocation();
  const queryClient = useQueryClient();

  const snapshot = useCallback(() => {
    const meta = resolveRouteMeta(matches, {
      config,
      searchParams: new URLSearchParams(search),
      queryClient,
    });
    return meta ? `${documentTitle(meta, config)}${SEPARATOR}${meta.description}` : '';
  }, [matches, config, search, queryClient]);
  const subscribe = useCallback(
    (onChange: () => void) => queryClient.getQueryCache().subscribe(onChange),
    [queryClient],
  );
  const current = useSyncExternalStore(subscribe, snapshot, snapshot);
  const [title = '', description = ''] = current.split(SEPARATOR);

  useEffect(() => {
    if (title) document.title = title;
    if (description) document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }, [title, description]);
}
