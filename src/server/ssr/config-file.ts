import { createHash } from 'node:crypto';
import { PORTAL_CONFIG_LINK_ID } from '../../common/contracts/ssr.js';
import type { PortalConfig } from '../../common/portal-config.js';

/** Where the config file is served; the file name is a hash of its content. */
export const CONFIG_FILE_PREFIX = '/portal-config/';

export interface ConfigFile {
  /** `/portal-config/<hash>.json`: a new config gets a new name, so the browser may keep a file for good. */
  path: string;
  /** The name alone, as the route's parameter holds it. */
  file: string;
  body: string;
}

const files = new WeakMap<PortalConfig, ConfigFile>();

/**
 * The config as the web app starts from it, made once per config object: the page renderer names it and the
 * route serves it from the same value, so their hashes cannot differ.
 */
export function configFileOf(config: PortalConfig): ConfigFile {
  let file = files.get(config);
  if (!file) {
    const body = JSON.stringify(config);
    const name = `${createHash('sha256').update(body).digest('base64url').slice(0, 20)}.json`;
    file = { path: `${CONFIG_FILE_PREFIX}${name}`, file: name, body };
    files.set(config, file);
  }
  return file;
}

/**
 * The page's link to the file. A preload starts the request while the HTML is parsed, next to the app's
 * bundle, and the app's `fetch` of it (web/lib/portal-state.ts) is answered from that request; `crossorigin`
 * makes the preload's mode the one `fetch` uses, or the browser would request it twice.
 */
export function configFileLink(config: PortalConfig): string {
  return `<link rel="preload" as="fetch" crossorigin id="${PORTAL_CONFIG_LINK_ID}" href="${configFileOf(config).path}">`;
}
