import { access, readFile } from 'node:fs/promises';
import { inlineStylesheets } from './inline-stylesheet.js';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  SSR_PLACEHOLDERS,
  type SsrInput,
  type SsrModule,
  type SsrResult,
} from '../../common/contracts/ssr.js';
import { configFileLink } from './config-file.js';
import { createModulePreloads, parseManifest, type ViteManifest } from './module-preloads.js';
import { createStartTag, startScriptsOf, withoutModuleTags } from './start-after-paint.js';

/** The build output is missing: pages cannot be rendered, the API still works. */
export class WebAppNotBuiltError extends Error {
  readonly code = 'WEB_APP_NOT_BUILT';
  constructor(readonly missing: string) {
    super(`The web app is not built (${missing} is missing): run npm run build`);
    this.name = 'WebAppNotBuiltError';
  }
}

/** The build exists but is not usable (a template without placeholders, a bundle without `render`). */
export class WebAppBuildInvalidError extends Error {
  readonly code = 'WEB_APP_BUILD_INVALID';
  constructor(message: string) {
    super(message);
    this.name = 'WebAppBuildInvalidError';
  }
}

export interface RenderedPage {
  status: number;
  html: string;
}

export interface PageRenderer {
  /** Loads template and bundle now instead of at the first page request; throws the load error. */
  preload(): Promise<void>;
  render(input: SsrInput): Promise<RenderedPage>;
}

export interface PageRendererOptions {
  /** The build folder holding `client/index.html` and `server/entry-server.js`. */
  distDir: string;
  /** Markup every page's head ends with (the browser monitoring agent, when configured). */
  headTags?: string;
}

interface LoadedBuild {
  fill: FilledTemplate;
  render: SsrModule['render'];
  /** The page's scripts for the route modules it was rendered with (empty: a template without an entry). */
  scripts: (modules: readonly string[]) => string;
}

const PLACEHOLDER_PATTERN = /<!--ssr-(head|html|state)-->/g;

function hasRender(value: unknown): value is SsrModule {
  return (
    typeof value === 'object' && value !== null && 'render' in value && typeof value.render === 'function'
  );
}

/** The client build's manifest; a build without one (the tests' fixture) just preloads no route chunks. */
async function loadManifest(distDir: string): Promise<ViteManifest> {
  const manifestPath = path.join(distDir, 'client', '.vite', 'manifest.json');
  let text: string;
  try {
    text = await readFile(manifestPath, 'utf8');
  } catch {
    return {};
  }
  try {
    return parseManifest(JSON.parse(text));
  } catch (error) {
    throw new WebAppBuildInvalidError(`${manifestPath} is not a Vite manifest: ${String(error)}`);
  }
}

function isModuleList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

async function loadBuild(distDir: string): Promise<LoadedBuild> {
  const templatePath = path.join(distDir, 'client', 'index.html');
  const bundlePath = path.join(distDir, 'server', 'entry-server.js');
  for (const file of [templatePath, bundlePath]) {
    try {
      await access(file);
    } catch {
      throw new WebAppNotBuiltError(path.relative(process.cwd(), file) || file);
    }
  }
  const clientDir = path.join(distDir, 'client');
  const deferred = withoutModuleTags(await readFile(templatePath, 'utf8'));
  const template = await inlineStylesheets(deferred.template, clientDir);
  const missing = Object.values(SSR_PLACEHOLDERS).filter((placeholder) => !template.includes(placeholder));
  if (missing.length > 0) {
    throw new WebAppBuildInvalidError(`${templatePath} lacks the placeholder(s) ${missing.join(', ')}`);
  }
  const bundle: unknown = await import(pathToFileURL(bundlePath).href);
  if (!hasRender(bundle))
    throw new WebAppBuildInvalidError(`${bundlePath} does not export a render function`);
  const routePreloads = createModulePreloads(await loadManifest(distDir));
  const [entry, ...more] = deferred.entries;
  if (more.length > 0) {
    throw new WebAppBuildInvalidError(
      `${templatePath} loads ${deferred.entries.length} entry modules, not one`,
    );
  }
  const fill = compileTemplate(template);
  if (entry === undefined) return { fill, render: bundle.render, scripts: () => '' };
  const startScripts = await startScriptsOf(clientDir);
  if (startScripts.length !== 1) {
    // None: the entry would never start. Several: which one belongs to this template is not known.
    throw new WebAppBuildInvalidError(
      `${clientDir}/assets holds ${startScripts.length} start scripts (start-after-paint-<hash>.js), not one`,
    );
  }
  const startTag = createStartTag(startScripts[0] ?? '', entry, deferred.preloads);
  return { fill, render: bundle.render, scripts: (modules) => startTag(routePreloads(modules)) };
}

type SlotName = keyof typeof SSR_PLACEHOLDERS;
const isSlotName = (name: string): name is SlotName => Object.hasOwn(SSR_PLACEHOLDERS, name);

/** A template cut at its placeholders once, filled per request. */
export type FilledTemplate = (result: Pick<SsrResult, 'head' | 'html' | 'state'>) => string;

/**
 * Cuts the template at its placeholders once, so a request only joins the pieces: the template holds the
 * whole stylesheet (inline-stylesheet.ts, some 200 KB), which a per-request search for the placeholders read
 * through on every page. Markup produced by the app can never be mistaken for a placeholder, and `$&` or `$'`
 * in page content is copied literally.
 */
export function compileTemplate(template: string): FilledTemplate {
  // split() with a capturing group: text, name, text, name, …, text.
  const texts: string[] = [];
  const keys: SlotName[] = [];
  template.split(PLACEHOLDER_PATTERN).forEach((piece, index) => {
    if (index % 2 === 0) texts.push(piece);
    else if (isSlotName(piece)) keys.push(piece);
  });
  return (result) => {
    // The bundle promises escaped JSON; escaping `<` again is idempotent for JSON and makes a stray
    // `</script>` in the state harmless whatever the bundle does.
    const values = { head: result.head, html: result.html, state: result.state.replace(/</g, '\\u003c') };
    let page = texts[0] ?? '';
    keys.forEach((key, index) => {
      page += values[key] + (texts[index + 1] ?? '');
    });
    return page;
  };
}

/** Fills the template once (see {@link compileTemplate}). */
export function fillTemplate(template: string, result: Pick<SsrResult, 'head' | 'html' | 'state'>): string {
  return compileTemplate(template)(result);
}

/**
 * Renders pages with the web app's SSR bundle. Template and bundle are read once and kept; while the build is
 * missing every call re-checks (a cheap `access`), so a build that lands later is picked up without restart.
 */
export function createPageRenderer(options: PageRendererOptions): PageRenderer {
  let loaded: Promise<LoadedBuild> | undefined;

  function load(): Promise<LoadedBuild> {
    if (!loaded) {
      loaded = loadBuild(options.distDir);
      // Only a successful load is kept; a failure is retried at the next request.
      loaded.catch(() => {
        loaded = undefined;
      });
    }
    return loaded;
  }

  return {
    async preload() {
      await load();
    },
    async render(input) {
      const build = await load();
      const result = await build.render(input);
      if (!Number.isInteger(result.status) || result.status < 200 || result.status > 599) {
        throw new WebAppBuildInvalidError(`render returned an invalid status ${String(result.status)}`);
      }
      const modules = isModuleList(result.modules) ? result.modules : [];
      const head =
        result.head + configFileLink(input.config) + (options.headTags ?? '') + build.scripts(modules);
      return { status: result.status, html: build.fill({ ...result, head }) };
    },
  };
}
