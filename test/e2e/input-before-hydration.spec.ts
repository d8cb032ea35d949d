import { expect, test, type Locator, type Page } from '@playwright/test';
import { header } from './support/auth';
import { gotoHydrated } from './support/pages';
import { raceRepeats } from './support/repeats';

/**
 * Input that arrives before the app has hydrated must not be lost (hardening item 10): the controls that matter
 * work before any script runs (real links and GET forms; the app's code is only asked for once the page has
 * been painted, web/start-after-paint.ts) and React replays what arrives while it hydrates. These tests act right after `load`, never waiting for hydration: that would hide it.
 */

/** A slow phone: hydration takes long enough for a click to land before or during it. */
async function throttleCpu(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

const results = (page: Page) => page.getByRole('list', { name: /results$/ });

/**
 * The centre of an element, measured once on a settled page. The test then clicks that point right after
 * `load` with the mouse alone: a locator's click first waits for the element to be stable, which gives the
 * page the time to hydrate and would hide the race.
 */
async function centreOf(locator: Locator): Promise<{ x: number; y: number }> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('the element is not on screen');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

// The trace takes a DOM snapshot in the page before each action: that alone waits for the page to be idle,
// which lets it hydrate before the click and hides the race.
test.use({ trace: 'off' });

/**
 * Records, in the page, whether each click came before the app had hydrated: read from the product's own
 * marker (`data-hydrated` on <html>) at the moment the click event fires, kept in sessionStorage because a
 * click on the real link before hydration navigates, and the next page reads it back.
 */
async function recordClickTiming(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.addEventListener(
      'click',
      () => {
        const before = document.documentElement.dataset.hydrated !== 'true';
        const log = JSON.parse(sessionStorage.getItem('e2e.clicks') ?? '[]') as boolean[];
        sessionStorage.setItem('e2e.clicks', JSON.stringify([...log, before]));
      },
      { capture: true },
    );
  });
}

/** Whether each click so far came before hydration. */
const clickTimings = (page: Page) =>
  page.evaluate(() => JSON.parse(sessionStorage.getItem('e2e.clicks') ?? '[]') as boolean[]);

const LOGIN_CLICKS = raceRepeats(6, 20);
/** More than half of the clicks must come before the app runs, or the test would prove nothing about the race. */
const EARLY_CLICKS_NEEDED = Math.ceil(LOGIN_CLICKS * 0.55);
const SEARCHES = raceRepeats(3, 8);

test(`Customer Login clicked right after load opens the modal, ${LOGIN_CLICKS} times out of ${LOGIN_CLICKS} on a 4x slower CPU, most clicks before the app ran`, async ({
  page,
}) => {
  test.setTimeout(240_000);
  await gotoHydrated(page, '/');
  // By its text, not its role: what matters here is the click, whatever element carries it.
  const login = await centreOf(header(page).getByText('Customer Login', { exact: true }));
  await recordClickTiming(page);
  await throttleCpu(page);
  for (let attempt = 1; attempt <= LOGIN_CLICKS; attempt++) {
    await page.goto('/', { waitUntil: 'load' });
    await page.mouse.click(login.x, login.y);
    await expect(
      page.getByRole('dialog', { name: 'Customer Login' }),
      `attempt ${attempt}: the click opened the modal`,
    ).toBeVisible({ timeout: 20_000 });
  }
  const timings = await clickTimings(page);
  expect(timings, 'every click was recorded').toHaveLength(LOGIN_CLICKS);
  const early = timings.filter(Boolean).length;
  test
    .info()
    .annotations.push({ type: 'clicks before hydration', description: `${early} of ${LOGIN_CLICKS}` });
  expect(early, 'clicks that landed before the app ran').toBeGreaterThanOrEqual(EARLY_CLICKS_NEEDED);
});

test('a search typed and submitted right after load shows its results', async ({ page }) => {
  test.setTimeout(180_000);
  await gotoHydrated(page, '/search');
  const box = await centreOf(page.getByRole('searchbox', { name: 'Search' }));
  await throttleCpu(page);
  for (let attempt = 1; attempt <= SEARCHES; attempt++) {
    const q = attempt % 2 === 0 ? 'gateway' : 'firewall';
    await page.goto('/search', { waitUntil: 'load' });
    await page.mouse.click(box.x, box.y);
    // At a quick typist's pace: the words straddle hydration, as a person's do.
    await page.keyboard.type(q, { delay: 50 });
    await page.keyboard.press('Enter');
    await expect(page, `attempt ${attempt}: the whole query reached the URL`).toHaveURL(
      new RegExp(`/search\\?q=${q}$`),
      { timeout: 20_000 },
    );
    await expect(
      page.getByRole('heading', { level: 2, name: new RegExp(`results for “${q}”`) }),
      `attempt ${attempt}: the results are shown`,
    ).toBeVisible({ timeout: 20_000 });
    await expect(results(page).getByRole('listitem')).toHaveCount(10);
  }
});

/**
 * Holds the app's entry module until `release()`: the page is painted and usable, the app does not run yet.
 * Deterministic where the tests above race: whatever the machine, the user acts before the app starts.
 */
async function holdTheApp(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test('a script-only button clicked before the app runs does its job once it runs', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const release = await holdTheApp(page);
  // Not `load`: the entry is added before the load event and would hold it.
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  const burger = header(page).getByRole('button', { name: 'Open menu' });
  await burger.click();
  await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', 'true');
  await expect(burger).toHaveAttribute('aria-expanded', 'false');
  release();
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  // The menu opened: its drawer, with the button that closes it.
  await expect(page.getByRole('button', { name: 'Close menu' })).toBeVisible();
});

test('text typed in the home box before the app runs is still there, and searched, once it runs', async ({
  page,
}) => {
  const release = await holdTheApp(page);
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  const box = page.getByRole('search', { name: 'Search the support portal' }).getByRole('combobox');
  await box.fill('spoke gateway');
  release();
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  // Focusing the box renders it again: the text must survive that render.
  await box.focus();
  await expect(box).toHaveValue('spoke gateway');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=spoke\+gateway$/);
});
