import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';

/** The portal's budget of initial JavaScript per page, gzipped (bench/README.md, Pages: Targets). */
export const INITIAL_JS_BUDGET_KB = 150;

/**
 * Opens a page and sums the JavaScript it loads at first load, gzipped at level 9 as the pages bench counts it
 * (bench/pages/run.mjs): every script requested until the network is quiet, so a chunk that hydration or a
 * first fetch imports (a lazily loaded contract) counts too. In KB of 1024 bytes, with the files, biggest first.
 */
export async function initialJavaScript(page: Page, path: string): Promise<{ kb: number; files: string[] }> {
  const scripts: Promise<{ url: string; bytes: number }>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.push(
      response.body().then((body) => ({ url: response.url(), bytes: gzipSync(body, { level: 9 }).length })),
    );
  });
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  // The app starts after the first paint and fetches once it runs: give that a moment, then wait again.
  await page.waitForTimeout(1000);
  await page.waitForLoadState('networkidle');
  const loaded = (await Promise.all(scripts)).sort((a, b) => b.bytes - a.bytes);
  const kb = loaded.reduce((sum, file) => sum + file.bytes, 0) / 1024;
  return {
    kb,
    files: loaded.map((file) => `${(file.bytes / 1024).toFixed(1)} KB ${new URL(file.url).pathname}`),
  };
}
