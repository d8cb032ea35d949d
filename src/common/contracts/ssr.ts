import type { PortalConfig } from '../portal-config.js';
import type { LatestKbResponse } from './latest-kb.js';

/**
 * The contract between the server and the web app's server-side rendering bundle
 * (`src/web/entry-server.tsx`, built to `dist/server/entry-server.js`). The server imports the bundle once
 * and calls `render` for every page request that is not an API call or a static file.
 */

/** Data the page may need while rendering; each loader runs in-process, without an HTTP round trip. */
export interface SsrData {
  latestKb(): Promise<LatestKbResponse>;
}

export interface SsrInput {
  /** Path plus search string of the request, e.g. `/docs?article=upgrade-controller`. */
  url: string;
  config: PortalConfig;
  data: SsrData;
}

export interface SsrResult {
  /** HTTP status of the page: 200, or 404 for the No Page page. */
  status: number;
  /** Markup for `<head>` (title, meta, preload links); replaces `<!--ssr-head-->`. */
  head: string;
  /** The rendered app; replaces `<!--ssr-html-->` inside the root element. */
  html: string;
  /**
   * Dehydrated state as JSON, already escaped for a `<script type="application/json">` element (no raw `<`);
   * replaces `<!--ssr-state-->`.
   */
  state: string;
}

export type SsrRender = (input: SsrInput) => Promise<SsrResult>;

/** The shape of the built module `dist/server/entry-server.js`. */
export interface SsrModule {
  render: SsrRender;
}

/** Placeholders of the template `dist/client/index.html`. */
export const SSR_PLACEHOLDERS = {
  head: '<!--ssr-head-->',
  html: '<!--ssr-html-->',
  state: '<!--ssr-state-->',
} as const;

/** `id` of the `<script type="application/json">` element that carries the state. */
export const SSR_STATE_ELEMENT_ID = 'portal-state';
