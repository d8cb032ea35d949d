import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { CONFIG_FILE_PREFIX } from '../ssr/config-file.js';

/** Vite writes content-hashed bundles here; a changed file gets a new name, so they can be cached forever. */
export const HASHED_ASSETS_PREFIX = '/assets/';
/** Files copied from `public/` keep their names (PDFs, screenshots, favicon), so browsers re-check them hourly. */
const PUBLIC_FILES_MAX_AGE = '1h';

/** Paths that belong to files (the config file's too): a miss there is a plain 404, not a rendered page. */
export const FILE_PATH_PREFIXES = [HASHED_ASSETS_PREFIX, '/files/', '/images/', CONFIG_FILE_PREFIX] as const;

/**
 * The SSR template: it holds placeholders, never a page anyone should see, so it is not served as a file
 * (nor its precompressed siblings, should a compression step have produced them).
 */
const NEVER_SERVED = new Set(['/index.html', '/index.html.br', '/index.html.gz']);
/** Vite's build manifest, read by the server (ssr/module-preloads.ts): a map of our sources, not a page asset. */
const BUILD_METADATA_PREFIX = '/.vite/';

/**
 * Only names with an extension are looked up on disk. Extensionless paths (`/`, `/sla`, `/files/`) are page
 * routes or folders: they go straight to the page fallback, without a file-system check, and a folder never
 * answers 403.
 */
function mayBeFile(pathName: string): boolean {
  return (
    /\.[^/]+$/.test(pathName) && !NEVER_SERVED.has(pathName) && !pathName.startsWith(BUILD_METADATA_PREFIX)
  );
}

/**
 * Serves the browser build (`<distDir>/client`). Precompressed `.br`/`.gz` siblings written by
 * `scripts/compress-assets.mjs` are sent when the browser accepts them, so static files cost no CPU per request.
 * Missing build: nothing is registered and pages answer 503 (see the SSR renderer).
 */
export async function registerStaticFiles(
  app: FastifyInstance,
  options: { clientDir: string },
): Promise<boolean> {
  const { clientDir } = options;
  if (!existsSync(clientDir)) return false;

  const assetsDir = path.join(clientDir, 'assets');
  if (existsSync(assetsDir)) {
    await app.register(fastifyStatic, {
      root: assetsDir,
      prefix: HASHED_ASSETS_PREFIX,
      preCompressed: true,
      index: false,
      maxAge: '365d',
      immutable: true,
      allowedPath: mayBeFile,
    });
  }
  await app.register(fastifyStatic, {
    root: clientDir,
    prefix: '/',
    preCompressed: true,
    index: false,
    redirect: false,
    maxAge: PUBLIC_FILES_MAX_AGE,
    // The first registration (if any) added reply.sendFile; a second decoration would throw.
    decorateReply: !existsSync(assetsDir),
    allowedPath: (pathName) => mayBeFile(pathName) && !pathName.startsWith(HASHED_ASSETS_PREFIX),
  });
  return true;
}
