import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { escapeHtml } from '../../common/snippet.js';

/**
 * The app's scripts start after the first paint. Vite's template names the entry module and the chunks it
 * imports (`<script type="module">`, `<link rel="modulepreload">`); the browser fetches and parses those while
 * it lays out the page, and on a phone's two slow cores that parsing delays the first frame with text
 * (bench/README.md, Lighthouse). So the template loses those tags when it is loaded, and each page gets one
 * small classic script instead, `/assets/start-after-paint-<hash>.js` (src/web/start-after-paint.ts, built by
 * scripts/build-start-after-paint.mjs), that adds them once the page has been painted. The page works before
 * that: its controls are real links and GET forms.
 */

/** The start script's file name in the build's `assets/`: named by its content, as Vite names its files. */
const START_SCRIPT = /^start-after-paint-[\w-]+\.js$/;

/** The start scripts of a client build (`/assets/...` URLs); a build has exactly one. */
export async function startScriptsOf(clientDir: string): Promise<string[]> {
  const files = await readdir(path.join(clientDir, 'assets')).catch(() => []);
  return files.filter((file) => START_SCRIPT.test(file)).map((file) => `/assets/${file}`);
}

/** An entry module tag as Vite writes it (`crossorigin`, before the preloads) or a formatter leaves it. */
const ENTRY_SCRIPT = /<script type="module"(?: crossorigin)? src="([^"]+)"><\/script>\s*/g;
const MODULE_PRELOAD = /<link rel="modulepreload"(?: crossorigin)? href="([^"]+)"\s*\/?>\s*/g;

export interface DeferredTemplate {
  /** The template without its module tags. */
  template: string;
  /** The entry modules' URLs: Vite writes one; none in a template without scripts. */
  entries: string[];
  /** The URLs the template preloaded, in its order. */
  preloads: string[];
}

/** Takes the entry module and its preloads out of the template. */
export function withoutModuleTags(template: string): DeferredTemplate {
  const entries = [...template.matchAll(ENTRY_SCRIPT)].map((match) => match[1] ?? '');
  const preloads = [...template.matchAll(MODULE_PRELOAD)].map((match) => match[1] ?? '');
  return {
    template: template.replace(ENTRY_SCRIPT, '').replace(MODULE_PRELOAD, ''),
    entries,
    preloads,
  };
}

/**
 * The page's start tag: the script, the entry and every preload, the route's and the template's, each once.
 * `defer`: it runs once the whole page has been parsed.
 */
export function createStartTag(
  src: string,
  entry: string,
  templatePreloads: readonly string[],
): (routePreloads: readonly string[]) => string {
  return (routePreloads) => {
    const preload = [...new Set([...routePreloads, ...templatePreloads])].join(' ');
    return `<script src="${escapeHtml(src)}" data-entry="${escapeHtml(entry)}" data-preload="${escapeHtml(preload)}" defer></script>`;
  };
}
