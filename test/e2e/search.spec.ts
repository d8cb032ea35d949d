import { expect, test, type Page } from '@playwright/test';
import { AUTH_STATE } from './support/signed-in';
import { collectPageErrors, expectNoAxeViolations, gotoHydrated } from './support/pages';

const chips = (page: Page) => page.getByRole('radiogroup', { name: 'Result sources' });
const chip = (page: Page, label: string) =>
  chips(page).getByRole('radio', { name: new RegExp(`^${label} \\(\\d+\\)$`) });
/** The visible chip (the radio itself is visually hidden by the chip styles). */
const chipLabel = (page: Page, label: string) =>
  chips(page)
    .locator('label')
    .filter({ hasText: new RegExp(`^${label} \\(\\d+\\)$`) });
const results = (page: Page) => page.getByRole('list', { name: /results$/ });

async function search(page: Page, q: string) {
  await page.getByRole('searchbox', { name: 'Search' }).fill(q);
  await page.getByRole('main').getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(q)}`));
  await expect(chips(page)).toBeVisible();
}

test('anonymous search: chips with counts, first source with results, 10 per page, pagination and back', async ({
  page,
}) => {
  await gotoHydrated(page, '/search');
  await expect(page).toHaveTitle(/^Search \|/);
  await search(page, 'gateway');

  await expect(chips(page).getByRole('radio')).toHaveCount(3);
  await expect(chip(page, 'Knowledge Base')).toBeChecked();
  await expect(chipLabel(page, 'Documentation')).toBeVisible();
  await expect(chipLabel(page, 'Community')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: /results for “gateway”/ })).toBeVisible();
  await expect(results(page).getByRole('listitem')).toHaveCount(10);
  await expect(results(page).locator('mark').first()).toBeVisible();

  const pagination = page.getByRole('navigation', { name: 'Pagination' });
  await expect(pagination.getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
  const firstPageTitles = await results(page).getByRole('heading').allTextContents();

  await pagination.getByRole('link', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect(page).toHaveURL(/[?&]chip=zendesk/);
  await expect(pagination.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  await expect(results(page).getByRole('listitem')).toHaveCount(10);
  await expect(results(page).getByRole('heading')).not.toHaveText(firstPageTitles);

  await page.goBack();
  await expect(page).not.toHaveURL(/page=2/);
  await expect(results(page).getByRole('heading')).toHaveText(firstPageTitles);

  // Switching chips switches the list.
  await chipLabel(page, 'Community').click();
  await expect(page).toHaveURL(/[?&]chip=forumbee/);
  await expect(chip(page, 'Community')).toBeChecked();
  await expect(results(page)).toHaveAccessibleName('Community results');
  await expectNoAxeViolations(page);
});

test('a shared result page opens as it was', async ({ page }) => {
  await gotoHydrated(page, '/search?q=gateway&chip=git&page=2');
  await expect(chip(page, 'Documentation')).toBeChecked();
  await expect(
    page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Page 2' }),
  ).toHaveAttribute('aria-current', 'page');
  await expect(results(page).getByRole('listitem')).toHaveCount(10);
  await expect(results(page).getByRole('link').first()).toHaveAttribute('href', /^https:\/\//);
});

test('a loaded result page comes with its results: hydration matches and the browser does not search again', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  const searches: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/') && /search/i.test(pathname)) searches.push(pathname);
  });
  await gotoHydrated(page, '/search?q=gateway&chip=git&page=2');
  await expect(chip(page, 'Documentation')).toBeChecked();
  await expect(results(page).getByRole('listitem')).toHaveCount(10);
  await gotoHydrated(page, '/docs?q=FireNet');
  await expect(
    page.getByRole('list', { name: 'Search results' }).getByRole('listitem').first(),
  ).toBeVisible();
  // Settled: the session is known and nothing was fetched again.
  await page.waitForLoadState('networkidle');
  expect(searches).toEqual([]);
  expect(errors).toEqual([]);
});

test('a spinner while searching, then a clear message when the call fails', async ({ page }) => {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/aggregator/search?*', async (route) => {
    await held;
    await route.fulfill({ status: 500, json: { message: 'boom' } });
  });
  // 'Searching…' is the running app's pending state: this is about it.
  await gotoHydrated(page, '/search');
  await page.getByRole('searchbox', { name: 'Search' }).fill('gateway');
  await page.getByRole('searchbox', { name: 'Search' }).press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Searching…' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Search results' })).toHaveAttribute('aria-busy', 'true');
  release();
  await expect(page.getByText('The search failed')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
});

test('a source that timed out is named while the others show', async ({ page }) => {
  await page.route('**/api/aggregator/search?*', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { git: { results: unknown[]; count: number }; status: object };
    await route.fulfill({
      response,
      json: { ...body, git: { results: [], count: 0 }, status: { ...body.status, git: 'timeout' } },
    });
  });
  // Searched from the page: a loaded /search?q= comes with its results from the server, without this call.
  await gotoHydrated(page, '/search');
  await search(page, 'gateway');
  await expect(page.getByText('Documentation did not answer in time; showing the others')).toBeVisible();
  await expect(chip(page, 'Knowledge Base')).toBeChecked();
  await expect(results(page).getByRole('listitem')).toHaveCount(10);
});

test('a blank query does nothing', async ({ page }) => {
  // Refusing a blank query is the app's (the form alone would submit it).
  await gotoHydrated(page, '/search');
  await page.getByRole('searchbox', { name: 'Search' }).fill('   ');
  await page.getByRole('searchbox', { name: 'Search' }).press('Enter');
  await expect(page).toHaveURL(/\/search$/);
  await expect(chips(page)).toHaveCount(0);
});

test('filters: a deselected source loses its chip', async ({ page }) => {
  await gotoHydrated(page, '/search?q=BGP');
  await expect(chipLabel(page, 'Community')).toBeVisible();
  await page.getByRole('button', { name: 'All sources' }).click();
  // A click on the panel itself (its padding), not on a checkbox, leaves it open.
  const panel = page.getByRole('group', { name: 'Sources' }).locator('xpath=..');
  await panel.click({ position: { x: 3, y: 3 } });
  await expect(page.getByRole('checkbox', { name: 'Community' })).toBeVisible();
  // The filter lives in the URL: the box follows once the router has replaced it.
  await page.getByRole('checkbox', { name: 'Community' }).click();
  await expect(page.getByRole('checkbox', { name: 'Community' })).not.toBeChecked();
  await expect(page).toHaveURL(/[?&]sources=zendesk%2Cgit/);
  await expect(chips(page).getByRole('radio')).toHaveCount(2);
  await expect(chip(page, 'Community')).toHaveCount(0);
  await expect(chipLabel(page, 'Knowledge Base')).toBeVisible();
});

test('the source filter opens and closes by keyboard alone, and is axe-clean open', async ({ page }) => {
  await gotoHydrated(page, '/search?q=BGP');
  const button = page.getByRole('button', { name: 'All sources' });
  await button.focus();
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('checkbox', { name: 'Community' })).toBeHidden();
  await page.keyboard.press('Enter');
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('group', { name: 'Sources' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('checkbox', { name: 'Knowledge Base' })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('checkbox', { name: 'Community' })).toBeFocused();
  await page.keyboard.press('Space');
  await expect(page).toHaveURL(/[?&]sources=zendesk%2Cgit/);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Sources (2)' })).toBeFocused();
  await expect(page.getByRole('checkbox', { name: 'Community' })).toBeHidden();
  // Leaving the panel with Tab closes it too.
  await page.keyboard.press('Enter');
  await expect(page.getByRole('checkbox', { name: 'Community' })).toBeVisible();
  await page.getByRole('main').getByRole('button', { name: 'Search', exact: true }).focus();
  await expect(page.getByRole('checkbox', { name: 'Community' })).toBeHidden();
});

test('zero results in a source: the others with their counts and Click here to browse', async ({ page }) => {
  // In the knowledge base and the documentation, not in the community (nor any of its synonyms).
  await gotoHydrated(page, '/search?q=govcloud');
  await expect(chip(page, 'Knowledge Base')).toBeChecked();
  await chipLabel(page, 'Community').click();
  await expect(page.getByText('0 results found in Community')).toBeVisible();
  const others = page.getByRole('list', { name: 'Other sources' });
  await expect(others.getByRole('listitem')).toHaveCount(2);
  await expect(others).toContainText(/Knowledge Base \(\d+\)/);
  await expectNoAxeViolations(page);
  await others.getByRole('button', { name: 'Click here to browse' }).last().click();
  await expect(chip(page, 'Documentation')).toBeChecked();
  await expect(results(page)).toHaveAccessibleName('Documentation results');
});

test('a misspelling shows the corrected results, with a link to search the words as typed', async ({
  page,
}) => {
  await gotoHydrated(page, '/search');
  await search(page, 'certficate');
  const correction = page.getByText(/Showing results for/);
  await expect(correction).toContainText('Showing results for certificate. Search instead for certficate');
  await expect(results(page).getByRole('listitem').first()).toBeVisible();
  await expectNoAxeViolations(page);

  // The words as typed: no correction, so nothing found.
  await correction.getByRole('link', { name: 'certficate' }).click();
  await expect(page).toHaveURL(/[?&]q=certficate(&|$).*exact=1|[?&]exact=1.*q=certficate/);
  await expect(page.getByText('0 results found in Knowledge Base')).toBeVisible();
  await expect(page.getByText(/Showing results for/)).toHaveCount(0);

  // Back to the corrected spelling through its own link.
  await page.goBack();
  await page
    .getByText(/Showing results for/)
    .getByRole('link', { name: 'certificate' })
    .click();
  await expect(page).toHaveURL(/[?&]q=certificate/);
  await expect(page.getByText(/Showing results for/)).toHaveCount(0);
  await expect(results(page).getByRole('listitem').first()).toBeVisible();
});

test('a partial match every source took is said once, above the sources', async ({ page }) => {
  await gotoHydrated(page, '/search?q=ipsec+tunnel+flapping');
  await expect(results(page).getByRole('listitem').first()).toBeVisible();
  await expect(page.getByText(/result has every word/)).toHaveText([
    'No result has every word you searched for; these have most of them.',
  ]);
  await chipLabel(page, 'Documentation').click();
  await expect(results(page)).toHaveAccessibleName('Documentation results');
  await expect(page.getByText(/result has every word/)).toHaveCount(1);
});

test('a corrected spelling only some sources took is said under their chips, and their clicks report it', async ({
  page,
}) => {
  // The answer as the server gives it when Documentation found enough with the words as typed.
  await page.route('**/api/aggregator/search?*', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { fallbacks: Record<string, object> };
    const { git: _asTyped, ...fallbacks } = body.fallbacks;
    await route.fulfill({ response, json: { ...body, fallbacks, showingResultsFor: undefined } });
  });
  await gotoHydrated(page, '/search');
  await search(page, 'certficate');
  await expect(page.getByRole('heading', { level: 2, name: /results for “certficate”/ })).toBeVisible();
  const correction = page.getByText(/^Showing .*results for/);
  await expect(correction).toHaveText([
    'Showing Knowledge Base results for certificate. Search instead for certficate',
  ]);
  await expectNoAxeViolations(page);
  await chipLabel(page, 'Documentation').click();
  await expect(results(page)).toHaveAccessibleName('Documentation results');
  await expect(correction).toHaveCount(0);
  await chipLabel(page, 'Knowledge Base').click();
  await expect(correction).toHaveCount(1);

  const report = page.waitForRequest('**/api/aggregator/searchClick');
  await results(page).getByRole('listitem').first().getByRole('link').click();
  expect((await report).postDataJSON()).toMatchObject({ query: 'certificate', source: 'zendesk', rank: 1 });
});

test('keyboard only: Tab to the box, type, Enter', async ({ page }) => {
  // The Tab order of the running app.
  await gotoHydrated(page, '/search');
  const box = page.getByRole('searchbox', { name: 'Search' });
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press('Tab');
    if (await box.evaluate((element) => element === document.activeElement)) break;
  }
  await expect(box).toBeFocused();
  await page.keyboard.type('FireNet');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/[?&]q=FireNet/);
  await expect(results(page).getByRole('listitem').first()).toBeVisible();
});

test.describe('signed in as a customer', () => {
  test.use({ storageState: AUTH_STATE.customer });

  test('a customer sees My Requests', async ({ page }) => {
    await gotoHydrated(page, '/search?q=gateway');
    await expect(chipLabel(page, 'My Requests')).toBeVisible();
    await expect(chip(page, 'Tickets')).toHaveCount(0);
    await expect(chip(page, 'Jira')).toHaveCount(0);
  });
});

test.describe('signed in as an agent', () => {
  test.use({ storageState: AUTH_STATE.agent });

  test('an agent sees Tickets and Jira', async ({ page }) => {
    await gotoHydrated(page, '/search?q=gateway');
    await expect(chipLabel(page, 'Tickets')).toBeVisible();
    await expect(chipLabel(page, 'Jira')).toBeVisible();
    await expect(chip(page, 'My Requests')).toHaveCount(0);
  });

  test('a ticket number or an issue key alone leads to that ticket or issue', async ({ page }) => {
    // Demo ticket #8 and the demo defect NET-1008 (src/server/connectors/*/builtin/demo-*.ts).
    await gotoHydrated(page, '/search');
    await search(page, '#8');
    const direct = page.getByRole('region', { name: 'Direct match' });
    await expect(chip(page, 'Tickets')).toBeChecked();
    await direct
      .getByRole('link', { name: 'Go to ticket #8 Site2Cloud tunnel to Azure flaps every hour' })
      .click();
    await expect(page).toHaveURL(/\/tickets\/8$/);

    await gotoHydrated(page, '/search');
    await search(page, 'NET-1008');
    await expect(chip(page, 'Jira')).toBeChecked();
    await expect(direct).toContainText('NET-1008 Site2Cloud rekey races with DPD');
    await expect(results(page).getByRole('listitem').first()).toContainText('NET-1008');
    await expectNoAxeViolations(page);
  });

  test('each source says which fallback it took, under its own chip', async ({ page }) => {
    // A ticket has every word; the public sources find more with the partial match.
    await gotoHydrated(page, '/search?q=ipsec+tunnel+flapping');
    await expect(chip(page, 'Knowledge Base')).toBeChecked();
    const partial = page.getByText(/result has every word/);
    await expect(partial).toHaveText([
      'No Knowledge Base result has every word you searched for; these have most of them.',
    ]);
    await expectNoAxeViolations(page);
    await chipLabel(page, 'Tickets').click();
    await expect(results(page)).toHaveAccessibleName('Tickets results');
    await expect(partial).toHaveCount(0);
    await chipLabel(page, 'Community').click();
    await expect(results(page)).toHaveAccessibleName('Community results');
    await expect(partial).toHaveText([
      'No Community result has every word you searched for; these have most of them.',
    ]);
  });
});

test.describe('on a 375 px screen', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('results without horizontal scrolling', async ({ page }) => {
    await gotoHydrated(page, '/search?q=gateway');
    await expect(results(page).getByRole('listitem')).toHaveCount(10);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test.describe('signed in as an admin', () => {
  test.use({ storageState: AUTH_STATE.admin });

  test('search analytics: an admin sees a search in the top and zero-result queries', async ({ page }) => {
    const term = `zqx${Date.now().toString(36)}`;
    await gotoHydrated(page, '/search');
    await search(page, term);
    await expect(page.getByText('0 results found in Knowledge Base')).toBeVisible();

    await gotoHydrated(page, '/admin/search-analytics');
    await expect(page.getByRole('heading', { level: 1, name: 'Search analytics' })).toBeVisible();
    await expect(page.getByLabel('From', { exact: true })).toBeVisible();
    await expect(page.getByLabel('To', { exact: true })).toBeVisible();
    const top = page.getByRole('table', { name: 'Top queries' });
    await expect(async () => {
      await page.reload();
      await expect(top.getByRole('cell', { name: term, exact: true })).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 15_000 });
    await expect(
      page.getByRole('table', { name: 'Zero-result queries' }).getByRole('cell', { name: term, exact: true }),
    ).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('search analytics: corrected queries and the results that were opened', async ({ page }) => {
    // A search, an opened result and the analytics page reloaded until both are counted.
    test.slow();
    // A misspelling of its own: the corrected spelling is a word of the titles ("certificate").
    await gotoHydrated(page, '/search');
    await search(page, 'certficate');
    await expect(page.getByText(/Showing results for/)).toBeVisible();
    const first = results(page).getByRole('listitem').first().getByRole('link');
    const href = (await first.getAttribute('href')) ?? '';
    await first.click();
    await expect(page).not.toHaveURL(/\/search/);

    await gotoHydrated(page, '/admin/search-analytics');
    const corrected = page.getByRole('table', { name: 'Corrected queries' });
    const opened = page.getByRole('table', { name: 'Most opened results' });
    await expect(async () => {
      await page.reload();
      await expect(corrected.getByRole('row', { name: /certficate certificate/ })).toBeVisible({
        timeout: 5_000,
      });
      await expect(opened.getByRole('cell', { name: href, exact: true })).toBeVisible({ timeout: 5_000 });
    }).toPass({ timeout: 30_000 });
    await expect(page.getByText(/results opened/)).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test('search analytics is No Page for anyone but an admin', async ({ page }) => {
  await gotoHydrated(page, '/admin/search-analytics');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
});
