import type { DehydratedState } from '@tanstack/react-query';
import type { SessionUser } from '../../common/contracts/auth';
import type { PortalConfig } from '../../common/portal-config';
import { PORTAL_CONFIG_LINK_ID, SSR_STATE_ELEMENT_ID } from '../../common/contracts/ssr';

/**
 * What the server hands to the browser in the page, next to the HTML: with the config file it names (preloaded,
 * then kept by the browser), everything needed to hydrate without another request.
 */
interface PortalState {
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

/** Reads the state the server embedded in the page. */
export function readPortalState(doc: Document): PortalState {
  const text = doc.getElementById(SSR_STATE_ELEMENT_ID)?.textContent?.trim();
  if (!text)
    throw new Error(
      `The page has no #${SSR_STATE_ELEMENT_ID} state; it must be served by the portal server.`,
    );
  return JSON.parse(text) as PortalState;
}

/**
 * The config the page names (`/portal-config/<hash>.json`, preloaded while the HTML was parsed, so this fetch
 * takes the answer of a request already made, or the browser's cached copy). The server validated it against
 * its zod schema, so it is trusted here instead of parsing again (which would put zod in the initial bundle).
 */
export async function loadPortalConfig(doc: Document): Promise<PortalConfig> {
  const href = doc.getElementById(PORTAL_CONFIG_LINK_ID)?.getAttribute('href');
  if (!href)
    throw new Error(
      `The page has no #${PORTAL_CONFIG_LINK_ID} link; it must be served by the portal server.`,
    );
  const response = await fetch(href);
  if (!response.ok) throw new Error(`The portal config could not be loaded (${response.status}).`);
  return (await response.json()) as PortalConfig;
}
