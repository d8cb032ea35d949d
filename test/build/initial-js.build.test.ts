import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

/**
 * The initial JavaScript budget (150 KB gzipped, bench/README.md) of every page module, from the build's
 * manifest as bench/pages/manifest-js.mjs computes it: the entry and the page module with every chunk they
 * import statically. A lower bound of what a page loads (a chunk imported by a first fetch comes on top: the
 * ticket page's spec measures the agent's page in the browser, test/e2e/ticket-page.spec.ts), so each page
 * must also leave room for the start script. A members-only page's body (lib/session/member-body.tsx) counts
 * with its page, as a signed-in user loads both. Needs `npm run build` first (vitest.build.config.ts).
 */

const BUDGET_KB = 150;
/** The start script (start-after-paint), outside the manifest. */
const START_SCRIPT_KB = 1;

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

const dir = path.resolve(import.meta.dirname, '../../dist/client');
const manifest = JSON.parse(readFileSync(path.join(dir, '.vite/manifest.json'), 'utf8')) as Record<
  string,
  ManifestChunk
>;

const closure = (keys: string[], seen: Set<string>): Set<string> => {
  for (const key of keys) {
    if (seen.has(key)) continue;
    seen.add(key);
    closure(manifest[key]?.imports ?? [], seen);
  }
  return seen;
};
const gzippedKb = (keys: Set<string>): number =>
  [...keys].reduce((sum, key) => {
    const file = manifest[key]?.file ?? '';
    return sum + gzipSync(readFileSync(path.join(dir, file)), { level: 9 }).length;
  }, 0) / 1024;

/** Each page module's members-only body, by the file its `memberBody(…)` call names. */
const routesDir = path.resolve(import.meta.dirname, '../../src/web/routes');
const bodies = new Map<string, string>(
  readdirSync(routesDir).flatMap((file) => {
    const body = /memberBody\([\s\S]*?'(src\/web\/[^']+\.tsx)'/.exec(
      readFileSync(path.join(routesDir, file), 'utf8'),
    )?.[1];
    return body ? [[`src/web/routes/${file}`, body] as const] : [];
  }),
);

const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry) ?? '';
const pages = Object.keys(manifest).filter((key) => key.startsWith('src/web/routes/'));

describe('initial JavaScript of each page module (the build manifest)', () => {
  it('finds the entry and the page modules', () => {
    expect(entry).not.toBe('');
    expect(pages).toContain('src/web/routes/ticket.tsx');
  });

  it.each(pages)('%s: the entry and its static imports within the budget', (page) => {
    const body = bodies.get(page);
    const modules = body ? [entry, page, body] : [entry, page];
    expect(gzippedKb(closure(modules, new Set()))).toBeLessThanOrEqual(BUDGET_KB - START_SCRIPT_KB);
  });

  it('finds the members-only bodies in the build, under the names the server preloads them by', () => {
    expect([...bodies.values()]).toContain('src/web/features/tickets/components/tickets-page.tsx');
    for (const body of bodies.values()) expect(manifest[body]?.file, body).toBeDefined();
  });
});
