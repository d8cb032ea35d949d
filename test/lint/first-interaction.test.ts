import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findingsIn, uncommentedFirstInteractions } from './first-interaction.js';

const e2e = fileURLToPath(new URL('../e2e', import.meta.url));

describe('first interaction of a browser test', () => {
  it('flags a click right after gotoHydrated with no reason given', () => {
    const code = `test('x', async ({ page }) => {\n  await gotoHydrated(page, '/');\n  await page.getByRole('button').click();\n});`;
    expect(uncommentedFirstInteractions('a.spec.ts', code)).toEqual([
      { file: 'a.spec.ts', line: 2, text: "await gotoHydrated(page, '/');" },
    ]);
  });

  it('accepts the same call with its reason, and a first step that is not input', () => {
    const commented = `test('x', async ({ page }) => {\n  // The menu's focus trap is the app's: after hydration.\n  await gotoHydrated(page, '/');\n  await page.keyboard.press('Tab');\n});`;
    const looking = `test('x', async ({ page }) => {\n  await gotoHydrated(page, '/');\n  await expect(page.getByRole('heading')).toBeVisible();\n});`;
    expect(uncommentedFirstInteractions('a.spec.ts', commented)).toEqual([]);
    expect(uncommentedFirstInteractions('a.spec.ts', looking)).toEqual([]);
  });

  it('finds none in the browser tests: each acts when the control is painted, or says why it waits', () => {
    const findings = findingsIn(e2e).map((finding) => `${finding.file}:${finding.line} ${finding.text}`);
    expect(findings).toEqual([]);
  });
});
