import type { ComponentType } from 'react';

/** A members-only page's own code, loaded apart from its route module (see {@link memberBody}). */
export interface MemberBody<Props extends object> {
  /** Renders the page's body; suspends until its code is loaded (after a navigation inside the app). */
  Body: ComponentType<Props>;
  /** What a route's `handle.body` holds: how to load the code before a render, and its source file. */
  handle: { load(): Promise<void>; module: string };
}

/**
 * The body of a page only a signed-in user sees (lib/session/member-page.tsx), split off its route module: a
 * visitor without a session gets the route module, which shows a status line and sends them home with
 * Customer Login open, and never the page's own code (the ticket list with its pager, checkboxes and scroll
 * area: about 18 KB gzipped, which put `/tickets` signed out over the initial JavaScript budget). A signed-in
 * render loads it first (`handle.body`: entry-server.tsx before rendering, with the file among the page's
 * module preloads; entry-client.tsx before hydrating), so the body is there for the first render on both sides.
 * `module` is the file `load` imports, as the build manifest names it (`src/web/...tsx`).
 */
export function memberBody<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  module: string,
): MemberBody<Props> {
  let Loaded: ComponentType<Props> | null = null;
  let loading: Promise<void> | null = null;
  const preload = (): Promise<void> => {
    loading ??= load().then((component) => {
      Loaded = component;
    });
    return loading;
  };
  function Body(props: Props) {
    // A thrown promise suspends the render until the code is in (the shell's Suspense around the page).
    if (!Loaded) throw preload();
    return <Loaded {...props} />;
  }
  return { Body, handle: { load: preload, module } };
}
