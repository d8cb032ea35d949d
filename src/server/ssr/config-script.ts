import { createHash } from 'node:crypto';
import { PORTAL_CONFIG_GLOBAL } from '../../common/contracts/ssr.js';
import type { PortalConfig } from '../../common/portal-config.js';

/** Where the config script is served; the file name is a hash of its content. */
export const CONFIG_SCRIPT_PREFIX = '/portal-config/';

export interface ConfigScript {
  /** `/portal-config/<hash>.js`: a new config gets a new name, so the browser may keep a file for good. */
  path: string;
  /** The name alone, as the route's parameter holds it. */
  file: string;
  source: string;
}

const scripts = new WeakMap<PortalConfig, ConfigScript>();

/**
 * The script that hands the config to the web app (`PORTAL_CONFIG_GLOBAL`), made once per config object: the
 * page renderer names it and the route serves it from the same value, so their hashes cannot differ.
 */
export function configScriptOf(config: PortalConfig): ConfigScript {
  let script = scripts.get(config);
  if (!script) {
    // JSON is a JavaScript expression (ES2019 allows U+2028 in strings); nothing here is parsed as HTML.
    const source = `self.${PORTAL_CONFIG_GLOBAL}=${JSON.stringify(config)};\n`;
    const file = `${createHash('sha256').update(source).digest('base64url').slice(0, 20)}.js`;
    script = { path: `${CONFIG_SCRIPT_PREFIX}${file}`, file, source };
    scripts.set(config, script);
  }
  return script;
}

/**
 * The page's tag for the script. `defer` keeps it off the critical path and runs it, in document order, before
 * the app's entry module (Vite puts that at the end of `<head>`, after the head the renderer fills).
 */
export function configScriptTag(config: PortalConfig): string {
  return `<script defer src="${configScriptOf(config).path}"></script>`;
}
