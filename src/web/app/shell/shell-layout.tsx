import { Suspense, useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { usePortalConfig } from '../../lib/portal-config-context';
import { useDocumentMeta } from '../../lib/use-document-meta';
import { AuthModalHost } from '../../features/auth/components/auth-modal-host';
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
 * the page's own boundary: its effect runs once the page itself is hydrated, not only the frame around it.
 */
function HydratedMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
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

  // Header, page and footer are hydrated as Suspense boundaries: React hydrates the frame first, then the
  // boundaries in slices that let the browser breathe, instead of one long task for the whole page (the
  // search page's was 500-670 ms on Lighthouse's mobile profile, most of its Total Blocking Time). A click
  // or key press in a part not yet hydrated hydrates that part first and is then handled.
  return (
    <div className={classes.shell}>
      <a href={`#${MAIN_ID}`} className={classes.skipLink}>
        Skip to main content
      </a>
      <Suspense>
        <SiteHeader />
        <MiddleBar />
      </Suspense>
      <AnnouncementBanner
        text={config.banner.text}
        onDismiss={() => mainRef.current?.focus({ preventScroll: true })}
      />
      <main id={MAIN_ID} ref={mainRef} tabIndex={-1} className={classes.main}>
        <Suspense>
          <Outlet />
          <HydratedMark />
        </Suspense>
      </main>
      <Suspense>
        <SiteFooter />
      </Suspense>
      <SessionSync />
      <AuthModalHost />
      {/* Library mode: restores scroll on back/forward and scrolls new pages to the top; renders no script. */}
      <ScrollRestoration />
    </div>
  );
}
