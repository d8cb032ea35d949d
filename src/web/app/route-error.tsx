import { Page } from '../components/page';

/**
 * Shown when a page fails to render or its code cannot be loaded (typically a new deployment replaced the
 * chunk this tab was about to fetch); a reload picks up the new build.
 */
export function RouteError() {
  return (
    <Page title="Something went wrong">
      <p role="alert">
        This page could not be shown. Please reload the page; if it keeps happening, try again later.
      </p>
    </Page>
  );
}
