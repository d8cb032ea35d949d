import { z } from 'zod';

/** The fields of Vite's build manifest (`dist/client/.vite/manifest.json`) read here, keyed by source file. */
const manifestSchema = z.record(
  z.string(),
  z.object({
    /** The built chunk, relative to the client folder, e.g. `assets/search-Cx1.js`. */
    file: z.string(),
    /** Manifest keys of the chunks this one imports statically. */
    imports: z.array(z.string()).optional(),
    isEntry: z.boolean().optional(),
  }),
);
export type ViteManifest = z.infer<typeof manifestSchema>;

export function parseManifest(json: unknown): ViteManifest {
  return manifestSchema.parse(json);
}

/** Where Vite serves the build from (its `base`). */
const BASE = '/';

/**
 * The URLs to preload for route modules (by source file, as `SsrResult.modules` lists them): their chunks and
 * every chunk those import, minus the entry. The page's start script (ssr/start-after-paint.ts) adds a
 * `<link rel="modulepreload">` for each next to the entry, so the browser fetches a page's code with the entry
 * instead of only once the entry asks for it. Answers are kept per module list: a handful of routes, the same
 * every time.
 */
export function createModulePreloads(manifest: ViteManifest): (modules: readonly string[]) => string[] {
  const cache = new Map<string, string[]>();

  function collect(key: string, files: Set<string>, seen: Set<string>): void {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk || chunk.isEntry) return;
    files.add(BASE + chunk.file);
    for (const imported of chunk.imports ?? []) collect(imported, files, seen);
  }

  return (modules) => {
    const cacheKey = modules.join('\n');
    let urls = cache.get(cacheKey);
    if (urls === undefined) {
      const files = new Set<string>();
      const seen = new Set<string>();
      for (const module of modules) collect(module, files, seen);
      urls = [...files];
      cache.set(cacheKey, urls);
    }
    return urls;
  };
}
