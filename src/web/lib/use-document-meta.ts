import { useEffect } from 'react';
import { useMatches } from 'react-router';
import { usePortalConfig } from './portal-config-context';
import { documentTitle, resolveRouteMeta } from './route-handle';

/**
 * Keeps `<title>` and the meta description in step with client-side navigation. The server writes both into
 * the first HTML from the same route handles, so this only acts after a navigation.
 */
export function useDocumentMeta(): void {
  const config = usePortalConfig();
  const matches = useMatches();
  const meta = resolveRouteMeta(matches, config);
  const title = meta ? documentTitle(meta, config) : null;
  const description = meta?.description ?? null;

  useEffect(() => {
    if (title) document.title = title;
    if (description) document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }, [title, description]);
}
