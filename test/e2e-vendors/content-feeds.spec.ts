import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { apiPaths } from '../../src/common/api-paths';
import { signInStaffWithJira } from './support/vendor-sign-in';
import { vendorFakes, vendorPortal } from './support/vendor-portal';

/**
 * The vendor content feeds against the Zendesk, GitBook and Forumbee fakes: once the portal's first background
 * sync has run, a visitor's search finds the vendors' items linking to the vendors' pages (never the
 * organisation's article or the draft; the signed-in one locked), typing in the search box asks no vendor
 * anything, a GitBook outage keeps the synced pages while the admins' page shows the error and the next
 * attempt, and a Help Center image shows on the portal's /docs article page within its Content Security Policy.
 */

const { zendesk, gitbook, forumbee } = vendorFakes;
const FAKES = { zendesk, gitbook, forumbee } as const;

/** Where the Help Center fake serves an article (its `html_url`, test/fakes/zendesk/store.ts). */
const articleUrl = (id: number, slug: string) => `${zendesk.url}/hc/en-us/articles/${id}-${slug}`;
/**
 * A synced article's page on the portal: `/docs?article=` takes the portal's own id or the slug the sync gave
 * it (its title's words, then the Zendesk id: connectors/feed-rows.ts `feedSlug`); the Zendesk id alone is
 * not found there.
 */
const docsArticle = (id: number, slug: string) => `/docs?article=${slug}-${id}`;

const results = (page: Page) => page.getByRole('list', { name: /results$/ });
const chips = (page: Page) => page.getByRole('radiogroup', { name: 'Result sources' });

/** A visitor's search through the API, as the search page asks it: each group's titles. */
async function searchTitles(request: APIRequestContext, query: string) {
  const res = await request.post(`${apiPaths.aggregator.search}?searchValue=${encodeURIComponent(query)}`, {
    data: {},
    headers: { origin: vendorPortal.baseURL },
  });
  expect(res.status()).toBe(200);
  const body = (await res.json()) as {
    zendesk?: { results?: { title: string }[] };
    git?: { results?: { title: string }[] };
    forumbee?: { data?: { title: string }[] };
  };
  return {
    kb: (body.zendesk?.results ?? []).map((hit) => hit.title),
    docs: (body.git?.results ?? []).map((hit) => hit.title),
    community: (body.forumbee?.data ?? []).map((hit) => hit.title),
  };
}

/** How many calls each fake has logged (its `/__fake/log`, test/fakes/harness.ts). */
async function fakeCalls(request: APIRequestContext): Promise<Record<keyof typeof FAKES, number>> {
  const counts = await Promise.all(
    Object.values(FAKES).map(async (fake) => {
      const res = await request.get(`${fake.url}/__fake/log`);
      expect(res.status()).toBe(200);
      return ((await res.json()) as { requests: unknown[] }).requests.length;
    }),
  );
  return { zendesk: counts[0] ?? -1, gitbook: counts[1] ?? -1, forumbee: counts[2] ?? -1 };
}

/** A visitor's search page for `query`, the `chip` source's group shown. */
async function openResults(page: Page, query: string, chip: 'zendesk' | 'git' | 'forumbee') {
  await page.goto(`/search?q=${encodeURIComponent(query)}&chip=${chip}`);
  await expect(chips(page)).toBeVisible();
}

test.beforeAll(async ({ request }) => {
  // The first sync starts in the background as the portal starts; readiness does not wait for it.
  await expect
    .poll(
      async () => {
        const [kb, docs, community] = await Promise.all([
          searchTitles(request, 'network diagram'),
          searchTitles(request, 'transit gateways'),
          searchTitles(request, 'tunnel flaps'),
        ]);
        return [kb.kb, docs.docs, community.community].map((titles) => titles.length > 0);
      },
      { timeout: 90_000, intervals: [500, 1_000, 2_000] },
    )
    .toEqual([true, true, true]);
});

test("a visitor's search shows the vendors' items, linking to the vendors' pages", async ({ page }) => {
  await openResults(page, 'network diagram', 'zendesk');
  await expect(results(page).getByRole('link', { name: 'Network diagram', exact: true })).toHaveAttribute(
    'href',
    articleUrl(zendesk.ids.articleImage, 'network-diagram'),
  );

  await openResults(page, 'transit gateways', 'git');
  await expect(results(page).getByRole('link', { name: 'Transit gateways', exact: true })).toHaveAttribute(
    'href',
    `${gitbook.siteUrl}controller/transit-gateways`,
  );

  await openResults(page, 'tunnel flaps', 'forumbee');
  await expect(
    results(page).getByRole('link', { name: 'Tunnel flaps every ten minutes', exact: true }),
  ).toHaveAttribute('href', `${forumbee.url}/t/tr0000/tunnel-flaps-every-ten-minutes`);

  // The signed-in article is found with its lock, and its page asks a visitor to sign in.
  await openResults(page, 'renewing your licence', 'zendesk');
  const locked = results(page).getByRole('listitem').filter({ hasText: 'Renewing your licence' });
  await expect(locked.getByRole('img', { name: 'Sign-in required' })).toBeVisible();
  await page.goto(docsArticle(zendesk.ids.articleSignedIn, 'renewing-your-licence'));
  await expect(
    page.getByRole('article', { name: 'Renewing your licence' }).getByText('Sign in to read this article.'),
  ).toBeVisible();

  // The organisation's article and the draft are never synced for anyone to find.
  for (const query of ['Globex private gateway runbook', 'Upcoming release notes']) {
    const found = await searchTitles(page.request, query);
    expect([...found.kb, ...found.docs, ...found.community], query).not.toContain(query);
    await openResults(page, query, 'zendesk');
    await expect(page.getByRole('main').getByText(query, { exact: true })).toHaveCount(0);
  }
});

test('typing in the search box asks no vendor anything', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  const before = await fakeCalls(page.request);
  const box = page.getByRole('search', { name: 'Search the support portal' }).getByRole('combobox');
  const suggested = page.waitForResponse(
    (response) => new URL(response.url()).pathname === apiPaths.aggregator.suggestions,
  );
  await box.pressSequentially('transit gatew', { delay: 60 });
  // The portal answered the suggestions from its own tables: the synced titles.
  await suggested;
  await expect(page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option').first()).toBeVisible();
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=transit\+gatew/);
  await expect(results(page).getByRole('listitem').first()).toBeVisible();
  expect(await fakeCalls(page.request)).toEqual(before);
});

test('a Help Center image shows on the /docs article page, within its Content Security Policy', async ({
  page,
}) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });

  // The Tech Hub is the Help Center category ZENDESK_TECH_HUB_CATEGORY_ID names ('Getting started' on the
  // fake): its two sections, not the content folder's.
  await page.goto('/docs');
  await expect(page.getByRole('main')).toContainText('search the Getting started');
  const sections = page.getByRole('list', { name: 'Browse by section' });
  await expect(sections.getByRole('link')).toHaveText(['Accounts', 'Networking']);
  await expect(sections.getByRole('link', { name: 'Networking' })).toHaveAttribute(
    'href',
    `/docs?section=networking-${zendesk.ids.sectionNetworking}`,
  );

  await page.goto(docsArticle(zendesk.ids.articleImage, 'network-diagram'));
  const article = page.getByRole('article', { name: 'Network diagram' });
  const image = article.getByRole('img', { name: 'Network diagram' });
  await expect(image).toBeVisible();
  expect(await image.getAttribute('src')).toMatch(new RegExp(`^${zendesk.url}/`));
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  // zod's probe for `new Function` (zod/v4/core/util.js `allowsEval`, caught, but reported as a `script-src`
  // 'eval' violation by a CSP without 'unsafe-eval') runs wherever a contract loads; it is not the image's.
  const violations = await page.evaluate(
    () => (window as unknown as { cspViolations: string[] }).cspViolations,
  );
  expect(violations.filter((violation) => violation !== 'script-src eval')).toEqual([]);
  expect(
    consoleErrors.filter(
      (text) => /Content Security Policy|Refused to/i.test(text) && !/unsafe-eval/.test(text),
    ),
  ).toEqual([]);
});

/** GitBook's documented 429 (https://gitbook.com/docs/developers/gitbook-api/rate-limiting): its JSON error
 * body, no Retry-After, the window's end in X-RateLimit-Reset (UTC epoch seconds), for the next `n` calls. */
async function gitbookRateLimited(request: APIRequestContext, n: number, resetAt: number) {
  const failing = await request.post(`${gitbook.url}/__fake/fail`, {
    data: {
      n,
      status: 429,
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'x-ratelimit-limit': '60',
        'x-ratelimit-remaining': '0',
        'x-ratelimit-reset': String(resetAt),
      },
      body: JSON.stringify({
        error: { code: 429, message: 'API rate limit exceeded. Please try again in 60 seconds' },
      }),
    },
  });
  expect(failing.status()).toBe(204);
}

/** When a card says the next attempt is (its "Next attempt" fact, shown after a failure). */
async function nextAttempt(card: Locator): Promise<number> {
  const time = card.locator('dt:text-is("Next attempt") + dd time');
  await expect(time).toBeVisible();
  return Date.parse((await time.getAttribute('datetime')) ?? '');
}

/** The admin on the content sync page, "Sync now" of Documentation pressed by keyboard; its card. */
async function syncDocumentationNow(page: Page, before?: (docs: Locator) => Promise<void>) {
  await signInStaffWithJira(page, vendorPortal.admin);
  await page.goto('/admin/content-sync');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  const docs = page.getByRole('region', { name: 'Documentation' });
  await expect(docs).toContainText('From GitBook');
  await before?.(docs);
  const syncNow = docs.getByRole('button', { name: 'Sync now' });
  await expect(syncNow).toBeEnabled();
  // Keyboard reachable: the card's button takes the focus and Enter presses it.
  await syncNow.focus();
  await expect(syncNow).toBeFocused();
  await page.keyboard.press('Enter');
  return { docs, syncNow };
}

test('"Sync now" refused: the page says why in words, and asks for the status again', async ({ page }) => {
  await signInStaffWithJira(page, vendorPortal.admin);
  const refusals = [
    { status: 409, message: 'The community is syncing already; its status shows here when it ends.' },
    {
      status: 429,
      message: 'You have started 6 syncs in the last minute. Please wait 40 seconds before starting another.',
    },
  ];
  let next = 0;
  // The server's own refusals (routes/admin/content-sync.ts, plugins/rate-limits.ts), answered here so that
  // neither needs a sync held running or six syncs started.
  await page.route(`**${apiPaths.admin.contentSync}/community`, (route) => {
    const refusal = refusals[next++] ?? refusals[0];
    return route.fulfill({
      status: refusal?.status ?? 409,
      json: { error: refusal?.status === 429 ? 'Too Many Requests' : 'Conflict', message: refusal?.message },
    });
  });
  await page.goto('/admin/content-sync');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  const community = page.getByRole('region', { name: 'Community' });
  for (const refusal of refusals) {
    const asked = page.waitForResponse(
      (response) => new URL(response.url()).pathname === apiPaths.admin.contentSync,
    );
    await community.getByRole('button', { name: 'Sync now' }).click();
    await expect(community.getByRole('alert')).toContainText(refusal.message);
    await asked;
  }
  await expect(community.getByRole('button', { name: 'Sync now' })).toBeEnabled();
});

test('a GitBook outage: the admins see the error and the next attempt, the synced pages stay', async ({
  page,
}) => {
  // Every attempt of the first call refused (three, the vendor client's default), the window ending in a
  // few seconds: the client waits that out once, then gives up.
  await gitbookRateLimited(page.request, 3, Math.ceil(Date.now() / 1000) + 3);
  const { docs, syncNow } = await syncDocumentationNow(page, async (card) => {
    await expect(card).toContainText('Up to date');
    await expect(card.getByRole('alert')).toHaveCount(0);
  });

  // The page polls while the sync runs, then shows how it ended.
  const failed = docs.getByRole('alert');
  await expect(failed).toContainText('The last sync failed', { timeout: 30_000 });
  await expect(failed).toContainText(/GitBook/i);
  await expect(docs).toContainText('Last sync failed');
  await expect(syncNow).toBeEnabled();
  const next = await nextAttempt(docs);
  expect(next).toBeGreaterThan(Date.now());
  await page.screenshot({ path: test.info().outputPath('content-sync-outage-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: test.info().outputPath('content-sync-outage-375.png'), fullPage: true });

  await openResults(page, 'transit gateways', 'git');
  await expect(results(page).getByRole('link', { name: 'Transit gateways', exact: true })).toBeVisible();
});

test('a GitBook window closed for an hour: the sync ends with the error, next attempt after the reset', async ({
  page,
}) => {
  // The vendor client gives up at once on a wait longer than it gives (vendor-http's maxWaitMs), carrying the
  // wait as `retryAfterMs`, which the sync takes as its next attempt.
  const resetAt = Math.ceil(Date.now() / 1000) + 3600;
  await gitbookRateLimited(page.request, 500, resetAt);
  const { docs, syncNow } = await syncDocumentationNow(page);
  await expect(docs.getByRole('status')).toHaveText('Syncing the documentation from GitBook…');
  // The sync has ended (the page polls) well before the vendor's reset.
  await expect(syncNow).toBeEnabled({ timeout: 20_000 });
  const failed = docs.getByRole('alert');
  await expect(failed).toContainText('The last sync failed');
  const next = await nextAttempt(docs);
  // Not before GitBook's window ends: asking earlier would only be refused again.
  expect(next).toBeGreaterThanOrEqual(resetAt * 1000 - 1000);
});
