import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { portalColors, portalSpacing } from '../../src/web/app/theme';

const root = fileURLToPath(new URL('../..', import.meta.url));
const RAW_HEX = /#[0-9a-fA-F]{3,8}\b/g;
const PORTAL_VARIABLE = /var\(--portal-color-([a-z0-9-]+)\)/g;
const SPACE_VARIABLE = /var\(--portal-space-([a-z0-9-]+)\)/g;
// A padding, margin or gap declaration and its value; a raw length in it (rem, px) is what the scale replaces.
const SPACING_DECLARATION =
  /(?<![\w-])((?:padding|margin|gap|row-gap|column-gap)(?:-[a-z-]+)?)\s*:\s*([^;}]+)/g;
const RAW_LENGTH = /(?<![\w-])-?\d*\.?\d+(?:rem|px)\b/;

/** Written from the theme itself (`npm run theme:css`): the one place its colours may be spelt out. */
const GENERATED_FROM_THEME = new Set(['src/web/styles/theme-variables.css']);

async function stylesheets(): Promise<string[]> {
  const entries = await readdir(path.join(root, 'src/web'), { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.css'))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .filter((file) => !GENERATED_FROM_THEME.has(file))
    .sort();
}

describe('design tokens', () => {
  it('no stylesheet of the web app holds a raw hex colour: colours come from the Mantine theme', async () => {
    const files = await stylesheets();
    expect(files.length).toBeGreaterThan(10);
    const offenders: string[] = [];
    for (const file of files) {
      const css = await readFile(`${root}/${file}`, 'utf8');
      for (const match of css.matchAll(RAW_HEX)) offenders.push(`${file}: ${match[0]}`);
    }
    expect(offenders).toEqual([]);
  });

  it('every --portal-color-* a stylesheet uses is defined by the theme', async () => {
    const unknown: string[] = [];
    for (const file of await stylesheets()) {
      const css = await readFile(`${root}/${file}`, 'utf8');
      for (const match of css.matchAll(PORTAL_VARIABLE)) {
        if (!Object.hasOwn(portalColors, match[1] ?? '')) unknown.push(`${file}: ${match[0]}`);
      }
    }
    expect(unknown).toEqual([]);
  });

  it('paddings, margins and gaps use the spacing scale (--portal-space-*), never a raw rem or px length', async () => {
    const offenders: string[] = [];
    const unknown: string[] = [];
    for (const file of await stylesheets()) {
      const css = await readFile(`${root}/${file}`, 'utf8');
      for (const [declaration, , value = ''] of css.matchAll(SPACING_DECLARATION)) {
        if (RAW_LENGTH.test(value)) offenders.push(`${file}: ${declaration.trim()}`);
      }
      for (const match of css.matchAll(SPACE_VARIABLE)) {
        if (!Object.hasOwn(portalSpacing, match[1] ?? '')) unknown.push(`${file}: ${match[0]}`);
      }
    }
    expect(offenders).toEqual([]);
    expect(unknown).toEqual([]);
  });
});
