import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Every Mantine component the web app renders has its stylesheet loaded (`src/web/app/mantine-styles.ts`), and
 * no stylesheet is loaded for nothing. The list is derived from the code: the names the app imports from
 * `@mantine/core`, followed through Mantine's own modules (a Select renders an Input, a Combobox and a
 * Popover; a Radio its group and card), and each CSS-module map reached (`Radio.module.mjs`) names the
 * stylesheet it needs (`Radio.layer.css`). A component missing from the list renders without its styles: a
 * radio as a native radio plus a bare disc, pagination as the plain text "12".
 */

const root = fileURLToPath(new URL('../..', import.meta.url));
const mantine = path.join(root, 'node_modules/@mantine/core');
const esm = path.join(mantine, 'esm');
const STYLES_FILE = path.join(root, 'src/web/app/mantine-styles.ts');
/** Loaded whatever the components: the reset, the CSS variables and the global rules. */
const BASE_STYLESHEETS = ['baseline', 'default-css-variables', 'global'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The values the app imports from `@mantine/core` (type-only imports left out), with a file using each. */
function importedNames(): Map<string, string> {
  const names = new Map<string, string>();
  for (const file of sourceFiles(path.join(root, 'src/web'))) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s+from\s+'@mantine\/core'/g)) {
      if (match[1]) continue;
      for (const part of (match[2] ?? '').split(',')) {
        const name = part.trim();
        if (name === '' || name.startsWith('type ')) continue;
        names.set(name.split(/\s+as\s+/)[0] ?? name, path.relative(root, file));
      }
    }
  }
  return names;
}

/** Where Mantine's entry module takes each exported name from. */
function exportSources(): Map<string, string> {
  const index = readFileSync(path.join(esm, 'index.mjs'), 'utf8');
  const sources = new Map<string, string>();
  for (const match of index.matchAll(/import\s*\{([^}]*)\}\s*from\s*"(\.\/[^"]+)"/g)) {
    for (const part of (match[1] ?? '').split(',')) {
      const local = part
        .trim()
        .split(/\s+as\s+/)
        .pop();
      if (local) sources.set(local, path.join(esm, match[2] ?? ''));
    }
  }
  return sources;
}

/** The stylesheets the modules reachable from `entries` need: one per CSS-module map reached. */
function stylesheetsReached(entries: string[]): Set<string> {
  const seen = new Set<string>();
  const stylesheets = new Set<string>();
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.pop();
    if (!file || seen.has(file)) continue;
    seen.add(file);
    const module = /([^/]+)\.module\.mjs$/.exec(file);
    if (module?.[1]) stylesheets.add(module[1]);
    for (const match of readFileSync(file, 'utf8').matchAll(/from\s*"(\.{1,2}\/[^"]+\.mjs)"/g)) {
      queue.push(path.resolve(path.dirname(file), match[1] ?? ''));
    }
  }
  return stylesheets;
}

/** The component stylesheets `mantine-styles.ts` imports. */
function loadedStylesheets(): string[] {
  const text = readFileSync(STYLES_FILE, 'utf8');
  return [...text.matchAll(/^import '@mantine\/core\/styles\/([^']+)\.layer\.css';$/gm)]
    .map((match) => match[1] ?? '')
    .filter((name) => !BASE_STYLESHEETS.includes(name));
}

describe("Mantine's stylesheets", () => {
  const names = importedNames();
  const sources = exportSources();
  const entries = [...names.keys()].flatMap((name) => {
    const source = sources.get(name);
    return source ? [source] : [];
  });
  const needed = [...stylesheetsReached(entries)]
    .filter((name) => existsSync(path.join(mantine, 'styles', `${name}.layer.css`)))
    .sort();

  it('finds what the app renders (the derivation itself works)', () => {
    expect(names.has('Button')).toBe(true);
    expect(needed).toEqual(expect.arrayContaining(['Button', 'Input', 'UnstyledButton']));
  });

  it('loads the stylesheet of every component the app renders, and of nothing else', () => {
    const loaded = loadedStylesheets();
    const missing = needed.filter((name) => !loaded.includes(name));
    const unused = loaded.filter((name) => !needed.includes(name));
    expect(
      { missing, unused },
      `src/web/app/mantine-styles.ts should import @mantine/core/styles/<name>.layer.css for each missing name ` +
        `and none of the unused ones`,
    ).toEqual({ missing: [], unused: [] });
    for (const base of BASE_STYLESHEETS) {
      expect(readFileSync(STYLES_FILE, 'utf8')).toContain(`@mantine/core/styles/${base}.layer.css`);
    }
  });
});
