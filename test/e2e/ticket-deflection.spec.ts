import { expect, test, type Page } from '@playwright/test';
import { searchAnalyticsSchema } from '../../src/common/contracts/search';
import { apiPaths } from '../../src/common/api-paths';
import { storedProfile } from './support/auth';
import { tabTo } from './support/keyboard';
import { collectPageErrors, expectNoAxeViolations, gotoHydrated } from './support/pages';
import { mailboxUrl } from './support/peers';
import { pageAs } from './support/signed-in';

/**
 * Deflection while writing a ticket: the help articles that may answer it appear beside the form as the
 * customer types the subject, each opens in a new tab with the draft kept; a created ticket lands on its page
 * and its "we received your request" mail arrives; an admin sees the forms abandoned after an opened article.
 * At a desktop width and a phone's, axe on each step.
 */

const WIDTHS = [1280, 375] as const;
const ARTICLE = 'Signing in to the Controller with SAML SSO';
const SCREENSHOTS = 'test-results/deflection';

/** Every mail the portal sent to `email`, read from the test SMTP sink's mailbox. */
async function mailsTo(email: string): Promise<string[]> {
  const response = await fetch(`${mailboxUrl}/mails/${encodeURIComponent(email)}`);
  const { mails } = (await response.json()) as { mails: { body: string }[] };
  return mails.map((mail) => mail.body);
}

const suggestionsOf = (page: Page) => page.getByRole('region', { name: 'Articles that may help' });

for (const width of WIDTHS) {
  test(`typing a subject suggests articles; one opened by keyboard in a new tab keeps the draft (${width} px)`, async ({
    browser,
    baseURL,
  }) => {
    const { context, page } = await pageAs(browser, baseURL, 'customer', width);
    const errors = collectPageErrors(page);
    // The suggestions are the app's: after it runs.
    await gotoHydrated(page, '/tickets/new');
    const subject = page.getByLabel('Subject');
    // Typed key by key: the suggestions are asked once typing pauses, not for every key.
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes(apiPaths.aggregator.suggestions)) asked.push(request.url());
    });
    const typed = 'Signing in to the controller';
    await subject.click();
    await page.keyboard.type(typed, { delay: 20 });
    await expect(suggestionsOf(page).getByRole('link').first()).toBeVisible();
    test.info().annotations.push({
      type: 'suggestion requests',
      description: `${asked.length} for ${typed.length} keys typed`,
    });
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.length).toBeLessThan(typed.length / 4);
    const description = 'Our SSO sign-in fails since Monday for every admin.';
    await page.getByLabel('Description').fill(description);
    const link = suggestionsOf(page).getByRole('link', { name: new RegExp(ARTICLE) });
    await expect(link).toBeVisible();
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(page.getByRole('status').filter({ hasText: /may answer your question/ })).toBeAttached();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `${SCREENSHOTS}/ticket-new-suggestions-${width}.png`, fullPage: true });

    // By keyboard: Tab reaches the article from the form's fields, Enter opens it in a tab of its own.
    await subject.focus();
    await tabTo(page, link, 20);
    const opened = context.waitForEvent('page');
    await page.keyboard.press('Enter');
    const article = await opened;
    await expect(article).toHaveURL(/\/docs\?article=/);
    await expect(article.getByRole('heading', { name: ARTICLE })).toBeVisible();
    await article.close();

    await expect(subject).toHaveValue(typed);
    await expect(page.getByLabel('Description')).toHaveValue(description);
    await expect(page).toHaveURL(/\/tickets\/new$/);
    expect(errors).toEqual([]);
    await context.close();
  });

  test(`a created ticket lands on its page and "we received your request" is mailed (${width} px)`, async ({
    browser,
    baseURL,
  }) => {
    test.slow();
    const { context, page } = await pageAs(browser, baseURL, 'customer', width);
    // The landing on the ticket after creation is the app's: after it runs.
    await gotoHydrated(page, '/tickets/new');
    const subject = `Tunnel flaps every hour ${width} ${Date.now().toString(36)}`;
    await page.getByLabel('Subject').fill(subject);
    await page.getByLabel('Description').fill('The tunnel to the west spoke drops once an hour.');
    await page.getByRole('radio', { name: /^P3/ }).check();
    await page.getByLabel('Type').selectOption('Technical query');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Create ticket' }).click();

    await expect(page).toHaveURL(/\/tickets\/\d+$/);
    const id = /\/tickets\/(\d+)$/.exec(page.url())?.[1] ?? '';
    await expect(page.getByRole('heading', { name: new RegExp(subject) })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `${SCREENSHOTS}/ticket-created-${width}.png`, fullPage: true });

    const email = String((await storedProfile(page))?.userEmail ?? '');
    await expect
      .poll(async () =>
        (await mailsTo(email)).find((body) => body.includes(`We received your request #${id}:`)),
      )
      .toMatch(
        new RegExp(
          `A first response is due by \\w{3} \\d+ \\w{3} \\d{4}, \\d{2}:\\d{2} [^\\n]+\\s+Follow it and reply: http\\S+/tickets/${id}`,
        ),
      );
    await context.close();
  });
}

test('an admin sees the deflection rate count a form abandoned after an opened article', async ({
  browser,
  baseURL,
}) => {
  test.slow();
  const { context: adminContext, page: admin } = await pageAs(browser, baseURL, 'admin', 1280);
  const readReport = async () => {
    const res = await admin.request.get(apiPaths.admin.searchAnalytics);
    expect(res.status()).toBe(200);
    return searchAnalyticsSchema.parse(await res.json()).deflection;
  };
  const before = await readReport();

  // A customer writes, opens the suggested article (a click this time), and leaves without a ticket.
  const { context, page } = await pageAs(browser, baseURL, 'customer', 1280);
  // The suggestions and their report are the app's: after it runs.
  await gotoHydrated(page, '/tickets/new');
  await page.getByLabel('Subject').fill('Signing in to the controller');
  const link = suggestionsOf(page).getByRole('link', { name: new RegExp(ARTICLE) });
  const opened = context.waitForEvent('page');
  await link.click();
  await (await opened).close();
  await gotoHydrated(page, '/');
  await context.close();

  await expect
    .poll(async () => (await readReport()).abandonedAfterOpened)
    .toBeGreaterThan(before.abandonedAfterOpened);

  for (const width of [1280, 375]) {
    await admin.setViewportSize({ width, height: 900 });
    await gotoHydrated(admin, '/admin/search-analytics');
    const section = admin.getByRole('heading', { name: 'Ticket deflection' }).locator('..');
    await expect(section).toContainText(/Deflection rate: \d+ %/);
    const sentence = (await section.textContent()) ?? '';
    const [, forms, abandoned] =
      /(\d+) ticket forms? suggested articles; in \d+ the customer opened one, (\d+) (?:was|were) then abandoned/.exec(
        sentence,
      ) ?? [];
    expect(Number(abandoned)).toBeGreaterThan(before.abandonedAfterOpened);
    const rate = /Deflection rate: (\d+) %/.exec(sentence)?.[1];
    expect(Number(rate)).toBe(Math.round((Number(abandoned) / Number(forms)) * 100));
    await expect(
      admin
        .getByRole('table', { name: 'Articles opened from ticket forms' })
        .getByRole('link', { name: ARTICLE }),
    ).toBeVisible();
    await expectNoAxeViolations(admin);
    await admin.screenshot({ path: `${SCREENSHOTS}/search-analytics-${width}.png`, fullPage: true });
  }
  await adminContext.close();
});
