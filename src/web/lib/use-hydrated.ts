import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False in the server render and while hydrating, true once React runs the page. A form painted from the
 * server's HTML cannot act before that (its submit would be a plain page load, and a choice made in it would
 * be reset by hydration), so such a form stays disabled until then.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
