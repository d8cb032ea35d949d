import { useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { usePortalConfig } from '../../lib/portal-config-context';
import { useDocumentMeta } from '../../lib/use-document-meta';
import { AuthModalHost } from '../../features/auth/components/auth-modal-host';
import { HydrationSlice, slicesHydrated } from '../../lib/hydration-slices';
import { SessionSync } from '../../lib/session/session-sync';
import { AnnouncementBanner } from './announcement-banner';
import { MiddleBar } from './middle-bar';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import classes from './shell-layout.module.css';

const MAIN_ID = 'main-content';

/**
 * Marks the page as interactive (hydrated). Until then the server HTML is on screen but buttons do nothing,
 * so end-to-end tests and synthetic monitoring wait for this instead of guessing with timeouts. It sits inside
 * the page's own slice and waits for every slice: the mark comes once the whole page is hydrated, not only the
 * frame around it.
 */
function HydratedMark() {
  useEffect(() => {
    let live = true;
    void slicesHydrated().then(() => {
      if (live) document.documentElement.dataset.hydrated = 'true';
    });
    return () => {
      live = false;
    };
  }, []);
  return null;
}

/** The frame of every page: skip link, header, middle bar, announcement, the page, footer. */
export function ShellLayout() {
  const config = usePortalConfig();
  const mainRef = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  const firstRender = useRef(true);
  useDocumentMeta();

  // After a client-side navigation, screen readers and keyboard users should start at the new page, as they
  // would after a full page load; the first render is a real page load and keeps the browser's focus.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    mainRef.current?.focus({ preventScroll: true });
  }, [pathname]);

  // Header, middle bar, page and footer are hydrated as slices, each in a task of its own after the frame
  // (lib/hydration-slices.tsx), instead of the whole page in one long task (Lighthouse's Total Blocking Time).
  // Each slice holds one element, as a suspended component keeps only that much of the server's markup: the
  // page's modules render several, so they sit in a wrapper that takes no box (`display: contents`).
  return (
    <div className={classes.shell}>
      <a href={`#${MAIN_ID}`} className={classes.skipLink}>
        Skip to main content
      </a>
      <HydrationSlice>
        <SiteHeader />
      </HydrationSlice>
      <HydrationSlice>
        <MiddleBar />
      </HydrationSlice>
      <AnnouncementBanner
        text={config.banner.text}
        onDismiss={() => mainRef.current?.focus({ preventScroll: true })}
      />
      <main id={MAIN_ID} ref={mainRef} tabIndex={-1} className={classes.main}>
        <HydrationSlice>
          <div className={classes.page}>
            <Outlet />
            <HydratedMark />
          </div>
        </HydrationSlice>
      </main>
      <HydrationSlice>
        <SiteFooter />
      </HydrationSlice>
      <SessionSync />
      <AuthModalHost />
      {/* Library mode: restores scroll on back/forward and scrolls new pages to the top; renders no script. */}
      <ScrollRestoration />
    </div>
  );
}
