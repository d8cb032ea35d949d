import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { CHAT_UPDATE_DELAY_MS } from '../../src/common/chat';
import { storedProfile } from './support/auth';
import { collectPageErrors, expectNoAxeViolations, gotoHydrated } from './support/pages';
import { portalConfig } from './support/portal-config';
import { pageAs } from './support/signed-in';
import { openTicketByApi } from './support/tickets';

/**
 * The help centre finished: the Tech Hub's home with its sections, counts, most viewed and
 * recent articles; a section's list in the URL; an article's breadcrumb, date, "Was this article helpful?"
 * (one vote per browser, shown to the admin), related articles and "Still need help?"; every page's own
 * title in the first HTML; the next steps of a search that found nothing; and the article first on a phone.
 */

const PORTAL = `${portalConfig.product.name} Support`;
const main = (page: Page) => page.getByRole('main');
const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Tech Hub sections' });
const breadcrumb = (page: Page) => main(page).getByRole('navigation', { name: 'Breadcrumb' });

/** The `<title>` of a page as the server sends it (before any script). */
async function serverTitle(request: APIRequestContext, path: string): Promise<string> {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  const html = await response.text();
  return /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
}

test('the Tech Hub home: sections with their counts, most viewed and recent; a section opens in the URL', async ({
  page,
  request,
}) => {
  const overview = (await (
    await request.get('/api/zendesk/categoryOverview?categoryId=tech-hub')
  ).json()) as {
    sections: { name: string; slug: string; articleCount: number }[];
    mostViewed: { title: string }[];
    recentlyUpdated: { title: string }[];
  };
  await gotoHydrated(page, '/docs');
  const sections = main(page).getByRole('list', { name: 'Browse by section' });
  await expect(sections.getByRole('listitem')).toHaveCount(overview.sections.length);
  for (const section of overview.sections) {
    const item = sections.getByRole('listitem').filter({ hasText: section.name });
    await expect(item.getByRole('link', { name: section.name, exact: true })).toBeVisible();
    await expect(item).toContainText(`${section.articleCount} articles`);
  }
  const mostViewed = main(page).getByRole('list', { name: 'Most viewed' });
  await expect(mostViewed.getByRole('listitem')).toHaveCount(5);
  await expect(mostViewed.getByRole('listitem').first()).toContainText(overview.mostViewed[0]?.title ?? '-');
  const recent = main(page).getByRole('list', { name: 'Recently updated' });
  await expect(recent.getByRole('listitem').first()).toContainText(overview.recentlyUpdated[0]?.title ?? '-');
  await expect(recent.getByRole('listitem').first()).toContainText(/Updated [A-Z][a-z]{2} \d{2} \d{4}/);
  await expectNoAxeViolations(page);

  // Choosing a section lists its articles in the main pane, kept in the URL.
  const firewall = overview.sections.find((section) => section.name === 'Firewall');
  await sections.getByRole('link', { name: 'Firewall', exact: true }).click();
  await expect(page).toHaveURL(/\/docs\?section=firewall$/);
  await expect(page).toHaveTitle(`Firewall - Tech Hub | ${PORTAL}`);
  await expect(main(page).getByRole('heading', { level: 2, name: 'Firewall' })).toBeVisible();
  const list = main(page).getByRole('list', { name: 'Firewall' });
  await expect(list.getByRole('listitem')).toHaveCount(firewall?.articleCount ?? -1);
  await expect(
    list.getByRole('link', { name: 'Deploying FireNet for east-west and egress inspection' }),
  ).toBeVisible();
  await expect(breadcrumb(page).getByRole('link', { name: 'Tech Hub' })).toHaveAttribute('href', '/docs');
  // The sidebar opens the same section.
  await expect(sidebar(page).getByRole('button', { name: 'Firewall' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  await expectNoAxeViolations(page);

  // Back returns to the home, forward to the section again.
  await page.goBack();
  await expect(page).toHaveURL(/\/docs$/);
  await expect(sections).toBeVisible();
  await page.goForward();
  await expect(list.getByRole('listitem').first()).toBeVisible();

  // A section's address opened directly is rendered by the server with its list.
  const html = await (await request.get('/docs?section=firewall')).text();
  expect(html).toContain('Deploying FireNet for east-west and egress inspection');
  expect(html).toContain(`<title>Firewall - Tech Hub | ${PORTAL}</title>`);
});

test('an article: breadcrumb, date, related articles and "Still need help?", each a link', async ({
  page,
}) => {
  await gotoHydrated(page, '/docs?article=deploy-first-spoke-gateway');
  await expect(page).toHaveTitle(`Deploy your first spoke gateway | ${PORTAL}`);
  const trail = breadcrumb(page);
  await expect(trail.getByRole('link', { name: 'Tech Hub' })).toHaveAttribute('href', '/docs');
  await expect(trail.getByRole('link', { name: 'Getting Started' })).toHaveAttribute(
    'href',
    '/docs?section=getting-started',
  );
  const article = page.getByRole('article', { name: 'Deploy your first spoke gateway' });
  await expect(article.getByText(/^Updated [A-Z][a-z]{2} \d{2} \d{4}$/)).toBeVisible();
  await expect(main(page).getByRole('heading', { name: 'Was this article helpful?' })).toBeVisible();
  const related = main(page).getByRole('region', { name: 'Related articles' });
  await expect(related.getByRole('link')).toHaveCount(5);
  const help = main(page).getByRole('region', { name: 'Still need help?' });
  await expect(help.getByRole('link', { name: 'Ask the assistant' })).toHaveAttribute('href', '/chatbot');
  await expect(help.getByRole('link', { name: 'Create a ticket' })).toHaveAttribute('href', '/tickets/new');
  await expectNoAxeViolations(page);

  // The section's link lists the section; a related article opens in place.
  await trail.getByRole('link', { name: 'Getting Started' }).click();
  await expect(page).toHaveURL(/\/docs\?section=getting-started$/);
  await expect(main(page).getByRole('heading', { level: 2, name: 'Getting Started' })).toBeVisible();
  await page.goBack();
  const firstRelated = related.getByRole('link').first();
  const title = (await firstRelated.textContent()) ?? '';
  await firstRelated.click();
  await expect(page.getByRole('article', { name: title })).toBeVisible();
  await expect(page).toHaveTitle(`${title} | ${PORTAL}`);
});

test.describe('was this article helpful?', () => {
  const slug = 'bgp-over-ipsec-to-onprem';
  const votesRow = async (request: APIRequestContext) => {
    const response = await request.get('/api/admin/search-analytics');
    expect(response.status()).toBe(200);
    const body = (await response.json()) as {
      articleVotes: { html_url: string; helpful: number; notHelpful: number }[];
    };
    return (
      body.articleVotes.find((row) => row.html_url === `/docs?article=${slug}`) ?? {
        helpful: 0,
        notHelpful: 0,
      }
    );
  };

  test('one vote per browser: voting twice counts once, a second browser adds one, the admin sees them', async ({
    browser,
    baseURL,
  }) => {
    test.slow();
    const { context: adminContext, page: admin } = await pageAs(browser, baseURL, 'admin');
    const before = await votesRow(adminContext.request);

    const vote = async (page: Page, answer: 'Yes' | 'No') => {
      const group = main(page).getByRole('group', { name: 'Was this article helpful?' });
      await group.getByRole('button', { name: answer }).click();
      await expect(group.getByRole('button', { name: answer })).toHaveAttribute('aria-pressed', 'true');
      await expect(main(page).getByText('Thank you for your feedback.', { exact: false })).toBeVisible();
    };

    // A first browser answers Yes, then again after a reload: one vote.
    const first = await pageAs(browser, baseURL);
    await gotoHydrated(first.page, `/docs?article=${slug}`);
    await vote(first.page, 'Yes');
    await expectNoAxeViolations(first.page);
    await gotoHydrated(first.page, `/docs?article=${slug}`);
    await vote(first.page, 'Yes');
    expect(await votesRow(adminContext.request)).toMatchObject({
      helpful: before.helpful + 1,
      notHelpful: before.notHelpful,
    });
    // Changing the answer replaces it.
    await vote(first.page, 'No');
    expect(await votesRow(adminContext.request)).toMatchObject({
      helpful: before.helpful,
      notHelpful: before.notHelpful + 1,
    });
    await vote(first.page, 'Yes');

    // A second browser adds its own.
    const second = await pageAs(browser, baseURL);
    await gotoHydrated(second.page, `/docs?article=${slug}`);
    await vote(second.page, 'Yes');
    const after = await votesRow(adminContext.request);
    expect(after).toMatchObject({ helpful: before.helpful + 2, notHelpful: before.notHelpful });

    // The admin reads them on the search analytics page.
    await gotoHydrated(admin, '/admin/search-analytics');
    const table = admin.getByRole('table', { name: 'Was this article helpful?' });
    const row = table.getByRole('row').filter({ hasText: 'BGP over IPsec' });
    await expect(row.getByRole('cell').nth(1)).toHaveText(String(after.helpful));
    await expect(row.getByRole('cell').nth(2)).toHaveText(String(after.notHelpful));
    await expect(row.getByRole('link')).toHaveAttribute('href', `/docs?article=${slug}`);
    await expectNoAxeViolations(admin);
    await Promise.all([first.context.close(), second.context.close(), adminContext.close()]);
  });
});

test.describe('a search that found nothing', () => {
  const query = 'xyzzyplugh';
  const nextSteps = (page: Page) => main(page).getByRole('region', { name: 'What next?' });

  test('offers the most read articles, the assistant and a ticket, each with the query', async ({
    page,
    request,
  }) => {
    await gotoHydrated(page, `/search?q=${query}`);
    await expect(page).toHaveTitle(`Search: ${query} | ${PORTAL}`);
    const steps = nextSteps(page);
    await expect(steps.getByText('Check the spelling, or try fewer or more general words.')).toBeVisible();
    const popular = steps.getByRole('list', { name: 'Popular articles' });
    await expect(popular.getByRole('link')).toHaveCount(5);
    await expect(steps.getByRole('link', { name: 'Ask the assistant' })).toHaveAttribute(
      'href',
      `/chatbot?q=${query}`,
    );
    await expect(steps.getByRole('link', { name: 'Create a ticket' })).toHaveAttribute(
      'href',
      `/tickets/new?subject=${query}`,
    );
    await expectNoAxeViolations(page);
    // In the first HTML too: the page works before any script.
    const html = await (await request.get(`/search?q=${query}`)).text();
    expect(html).toContain(`<title>Search: ${query} | ${PORTAL}</title>`);
    expect(html).toContain(`href="/chatbot?q=${query}"`);

    // A popular article opens.
    const article = popular.getByRole('link').first();
    const title = (await article.textContent()) ?? '';
    await article.click();
    await expect(page.getByRole('article', { name: title })).toBeVisible();
  });

  test('signed out, "Create a ticket" asks for sign-in first and keeps the subject for after', async ({
    page,
  }) => {
    await page.goto(`/search?q=${query}`);
    await nextSteps(page).getByRole('link', { name: 'Create a ticket' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('dialog', { name: 'Customer Login' })).toBeVisible();
    expect((await storedProfile(page))?.redirectLink).toBe(`/tickets/new?subject=${query}`);
  });

  test('signed in, the assistant has the query in its box and the ticket has it as its subject', async ({
    browser,
    baseURL,
  }) => {
    const { context, page } = await pageAs(browser, baseURL, 'customer');
    const errors = collectPageErrors(page);
    await page.goto(`/search?q=${query}`);
    await nextSteps(page).getByRole('link', { name: 'Ask the assistant' }).click();
    await expect(page).toHaveURL(`/chatbot?q=${query}`);
    const box = page.getByRole('textbox', { name: 'Ask a question' });
    await expect(box).toHaveValue(query, { timeout: CHAT_UPDATE_DELAY_MS + 10_000 });
    await page.goBack();
    await nextSteps(page).getByRole('link', { name: 'Create a ticket' }).click();
    await expect(page).toHaveURL(`/tickets/new?subject=${query}`);
    await expect(page.getByLabel('Subject')).toHaveValue(query);
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
    await context.close();
  });

  test('a corrected spelling, when there is one, comes first', async ({ page }) => {
    // The demo content's titles correct nearly every misspelling into results, so the answer with a 'Did you
    // mean' (the corrected spelling found nothing either) is the server's, answered here as it would be.
    await gotoHydrated(page, '/search');
    await page.route('**/api/aggregator/search?*', (route) =>
      route.fulfill({
        json: {
          zendesk: { results: [], count: 0 },
          git: { results: [], count: 0 },
          forumbee: { data: [], paging: { count: 0 } },
          status: { zendesk: 'ok', git: 'ok', forumbee: 'ok' },
          didYouMean: 'firenet',
        },
      }),
    );
    await page.getByRole('searchbox', { name: 'Search' }).fill('firenett zzq');
    await page.getByRole('main').getByRole('button', { name: 'Search', exact: true }).click();
    const corrected = nextSteps(page).getByRole('link', { name: 'firenet' });
    await expect(corrected).toHaveAttribute('href', '/search?q=firenet');
    await expect(nextSteps(page).getByText('Did you mean')).toBeVisible();
    await page.unrouteAll();
    await corrected.click();
    await expect(page).toHaveURL(/\/search\?q=firenet$/);
    await expect(
      page.getByRole('list', { name: 'Knowledge Base results' }).getByRole('listitem').first(),
    ).toBeVisible();
  });
});

test('search results show their section and date', async ({ page }) => {
  await gotoHydrated(page, '/search?q=FireNet');
  const first = page.getByRole('list', { name: 'Knowledge Base results' }).getByRole('listitem').first();
  await expect(first).toContainText(/Firewall · Updated [A-Z][a-z]{2} \d{2} \d{4}/);
  await page
    .getByRole('radiogroup', { name: 'Result sources' })
    .locator('label')
    .filter({ hasText: /^Community/ })
    .click();
  await expect(
    page.getByRole('list', { name: 'Community results' }).getByRole('listitem').first(),
  ).toContainText(/Posted [A-Z][a-z]{2} \d{2} \d{4}/);
  // The Tech Hub's own search too.
  await gotoHydrated(page, '/docs?q=FireNet');
  await expect(
    page.getByRole('list', { name: 'Search results' }).getByRole('listitem').first(),
  ).toContainText(/Firewall · Updated [A-Z][a-z]{2} \d{2} \d{4}/);
});

test("every page has its own title, in the server's HTML: an article, a search, a ticket", async ({
  browser,
  baseURL,
  request,
}) => {
  expect(await serverTitle(request, '/docs?article=deploy-first-spoke-gateway')).toBe(
    `Deploy your first spoke gateway | ${PORTAL}`,
  );
  expect(await serverTitle(request, '/search?q=gateway')).toBe(`Search: gateway | ${PORTAL}`);
  expect(await serverTitle(request, '/docs')).toBe(`Tech Hub | ${PORTAL}`);

  const { context, page } = await pageAs(browser, baseURL, 'customer');
  const subject = `Spoke cannot reach on-premises ${Date.now().toString(36)}`;
  const ticket = await openTicketByApi(
    context.request,
    baseURL ?? '',
    subject,
    'Routes are learned but traffic drops.',
  );
  // The signed-in user's own render holds the subject; nobody else's does.
  expect(await serverTitle(context.request, `/tickets/${ticket.id}`)).toBe(
    `Ticket #${ticket.id}: ${subject} | ${PORTAL}`,
  );
  const other = await pageAs(browser, baseURL, 'agent');
  expect(await serverTitle(other.context.request, '/tickets/999999')).toBe(`Ticket #999999 | ${PORTAL}`);
  expect(await serverTitle(request, `/tickets/${ticket.id}`)).toBe(`Ticket #${ticket.id} | ${PORTAL}`);

  // In the browser: kept as the page loads, and following a navigation.
  await gotoHydrated(page, `/tickets/${ticket.id}`);
  await expect(page).toHaveTitle(`Ticket #${ticket.id}: ${subject} | ${PORTAL}`);
  await page.goto('/docs');
  await page.getByRole('list', { name: 'Most viewed' }).getByRole('link').first().click();
  // Clicked as soon as it is painted, the link may load the article as a new page: read its heading there.
  await expect(page).toHaveURL(/[?&]article=/);
  const heading = main(page).getByRole('heading', { level: 2 }).first();
  await expect(heading).toBeVisible();
  await expect(page).toHaveTitle(`${(await heading.textContent()) ?? ''} | ${PORTAL}`);
  await Promise.all([context.close(), other.context.close()]);
});

test('Recommended Reading links to real articles, each opening with its own title', async ({
  page,
  request,
}) => {
  for (const item of portalConfig.recommendedReading) {
    const slug = /^\/docs\?article=([a-z0-9-]+)$/.exec(item.href)?.[1];
    expect(slug, `${item.label} links to an article`).toBeTruthy();
    const response = await request.get(`/api/zendesk/articles/${slug ?? ''}`);
    expect(response.status(), item.href).toBe(200);
    expect(((await response.json()) as { article: { title: string } }).article.title).toBe(item.label);
  }
  await gotoHydrated(page, '/');
  const first = portalConfig.recommendedReading[0];
  if (!first) throw new Error('no Recommended Reading');
  await page
    .getByRole('region', { name: 'Recommended Reading' })
    .getByRole('link', { name: first.label })
    .click();
  await expect(page.getByRole('article', { name: first.label })).toBeVisible();
});

test.describe('on a phone (375 x 812)', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the article comes first, under a section picker that starts closed; code never widens the page', async ({
    page,
  }) => {
    const errors = collectPageErrors(page);
    // An article with a long command line in a code block.
    await gotoHydrated(page, '/docs?article=packet-capture-on-gateway');
    const heading = page.getByRole('heading', { level: 2, name: 'Running a packet capture on a gateway' });
    const box = await heading.boundingBox();
    expect(box?.y ?? Infinity).toBeLessThan(812);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    // The code block scrolls inside itself.
    const code = page.getByRole('article').locator('pre').first();
    const sizes = await code.evaluate((pre) => ({
      scroll: pre.scrollWidth,
      client: pre.clientWidth,
      overflow: getComputedStyle(pre).overflowX,
    }));
    expect(sizes.scroll).toBeGreaterThan(sizes.client);
    expect(sizes.overflow).toBe('auto');

    const picker = sidebar(page).getByRole('button', { name: 'Sections of the Tech Hub' });
    await expect(picker).toHaveAttribute('aria-expanded', 'false');
    await expect(sidebar(page).getByRole('button', { name: 'Firewall' })).toBeHidden();
    await expectNoAxeViolations(page);
    await picker.click();
    await expect(picker).toHaveAttribute('aria-expanded', 'true');
    const troubleshooting = sidebar(page).getByRole('button', { name: 'Troubleshooting' });
    await expect(troubleshooting).toHaveAttribute('aria-expanded', 'true');
    await sidebar(page).getByRole('link', { name: 'Gateway disk full: logs filling /var' }).click();
    await expect(page).toHaveURL(/\/docs\?article=gateway-disk-full$/);
    await expect(page.getByRole('article', { name: 'Gateway disk full: logs filling /var' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
  });

  test('the Tech Hub home and a section fit the screen', async ({ page }) => {
    for (const path of ['/docs', '/docs?section=troubleshooting', '/search?q=xyzzyplugh']) {
      await gotoHydrated(page, path);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(375);
    }
    await expectNoAxeViolations(page);
  });
});
