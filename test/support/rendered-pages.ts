import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { FIXTURE_DIST_DIR } from './test-app.js';

const entryServer = fileURLToPath(new URL('../../src/web/entry-server.tsx', import.meta.url));

/**
 * A build folder whose SSR bundle is the web app's own entry (not the fixture's stand-in): its
 * `server/entry-server.js` re-exports `render` from the sources, which Vitest compiles, next to the fixture's
 * template. Pages render as in production, without a Vite build.
 */
export async function createSourceBuild(): Promise<{ dir: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'portal-ssr-'));
  await mkdir(path.join(dir, 'server'), { recursive: true });
  // The template and the files it names (the stylesheet the server writes into it).
  await cp(path.join(FIXTURE_DIST_DIR, 'client'), path.join(dir, 'client'), { recursive: true });
  await writeFile(
    path.join(dir, 'server', 'entry-server.js'),
    `export { render } from ${JSON.stringify(pathToFileURL(entryServer).href)};\n`,
  );
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** The JSON state the server put next to a page's HTML (the `portal-state` element). */
export function portalState<T>(html: string): T {
  const match = /<script type="application\/json" id="portal-state">([\s\S]*?)<\/script>/.exec(html);
  if (!match?.[1]) throw new Error('no state element');
  return JSON.parse(match[1]) as T;
}

/** The keys of the dehydrated TanStack Query cache of a page. */
export function dehydratedKeys(html: string): unknown[] {
  const state = portalState<{ queries: { queries: Array<{ queryKey: unknown }> } }>(html);
  return state.queries.queries.map((query) => query.queryKey);
}

/** Text as React writes it into the HTML (`&` and `'` escaped). */
export const inHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/'/g, '&#x27;');
