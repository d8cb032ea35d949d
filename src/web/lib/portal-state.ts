import type { DehydratedState } from '@tanstack/react-query';
import type { SessionUser } from '../../common/contracts/auth';
import type { PortalConfig } from '../../common/portal-config';
import { SSR_STATE_ELEMENT_ID } from '../../common/contracts/ssr';

/** What the server hands to the browser next to the HTML: everything needed to hydrate without a request. */
interface PortalState {
  config: PortalConfig;
  /** The TanStack Query cache as the server filled it (e.g. the latest Knowledge Base articles). */
  queries: DehydratedState;
  /** The signed-in user the page was rendered for, or null (the render shared by visitors without a session). */
  user: SessionUser | null;
}

const SCRIPT_UNSAFE = /[<>&\u2028\u2029]/g;

/**
 * JSON for a `<script type="application/json">` element: `<` cannot close the element and `&`, `>` and the JS
 * line separators are escaped too, so no config or article text can break out into markup.
 */
export function serializePortalState(state: PortalState): string {
  return JSON.stringify(state).replace(
    SCRIPT_UNSAFE,
    (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/**
 * Reads the state the server embedded in the page. The server validated the config against its zod schema,
 * so it is trusted here instead of parsing again (which would put zod in the initial bundle).
 */
export function readPortalState(doc: Document): PortalState {
  const text = doc.getElementById(SSR_STATE_ELEMENT_ID)?.textContent?.trim();
  if (!text)
    throw new Error(
      `The page has no #${SSR_STATE_ELEMENT_ID} state; it must be served by the portal server.`,
    );
  return JSON.parse(text) as PortalState;
}
