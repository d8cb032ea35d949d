import { expect, test } from '@playwright/test';
import { eolPolicyPath, portalConfig } from './support/portal-config';
import { gotoHydrated } from './support/pages';

interface LatestKb {
  zendesk: { articles: Array<{ id: number; title: string; html_url: string; snippet: string }> };
  mostPopular: Array<{ name: string; link: string }>;
}

/** What the HTML holds as text (React escapes `'` and `&` in markup, so compare against the escaped form). */
function asHtmlText(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/'/g, '&#x27;')
    .replace(/"/g, '&quot;');
}

test.describe('home page', () => {
  test('the first HTML holds the messages, Recommended Reading and the latest articles (no JavaScript needed)', async ({
    request,
  }) => {
    const kbResponse = await request.get('/api/aggregator/latestKB');
    expect(kbResponse.ok()).toBe(true);
    const kb = (await kbResponse.json()) as LatestKb;
    expect(kb.zendesk.articles.length).toBeGreaterThan(0);

    const response = await request.get('/');
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain(
      `All releases ${portalConfig.releases.endOfSupportThrough} and prior are End of Support`,
    );
    expect(html).toContain(asHtmlText(portalConfig.support.phone));
    expect(html).toContain('Technical Queries');
    expect(html).toContain('Recommended Reading');
    for (const item of portalConfig.recommendedReading) expect(html).toContain(asHtmlText(item.label));
    for (const article of kb.zendesk.articles) expect(html).toContain(asHtmlText(article.title));
    for (const link of kb.mostPopular) expect(html).toContain(asHtmlText(link.name));
    // Rendered, not a loading state waiting for a script.
    expect(html).not.toContain('Loading the latest articles');
  });

  test('messages link to the chatbot, the ticket portal, the EOL policy and the phone line', async ({
    page,
  }) => {
    await gotoHydrated(page, '/');
    await expect(page).toHaveTitle(`${portalConfig.product.name} Support | ${portalConfig.product.tagline}`);
    const hero = page.getByRole('region', { name: `${portalConfig.product.name} Support` });
    await expect(hero.getByRole('link', { name: 'Use the AI chatbot' })).toHaveAttribute('href', '/chatbot');
    await expect(hero.getByRole('link', { name: 'Create a ticket in the Ticket Portal' })).toHaveAttribute(
      'href',
      `/tickets/new?priority=P1&type=${encodeURIComponent(portalConfig.ticketing.outageType).replace(/%20/g, '+')}`,
    );
    await expect(hero.getByText('pick Technical Queries')).toBeVisible();
    await expect(
      hero.getByText(
        `All releases ${portalConfig.releases.endOfSupportThrough} and prior are End of Support.`,
      ),
    ).toBeVisible();
    await expect(hero.getByRole('link', { name: 'Read the End of Life Policy' })).toHaveAttribute(
      'href',
      eolPolicyPath,
    );
    const phone = hero.getByRole('link', { name: portalConfig.support.phone });
    await expect(phone).toHaveAttribute('href', `tel:${portalConfig.support.phone.replace(/[^\d+]/g, '')}`);
  });

  test('Recommended Reading and the latest Knowledge Base card list their links', async ({
    page,
    request,
  }) => {
    const kb = (await (await request.get('/api/aggregator/latestKB')).json()) as LatestKb;
    await gotoHydrated(page, '/');

    const reading = page.getByRole('region', { name: 'Recommended Reading' });
    for (const item of portalConfig.recommendedReading) {
      await expect(reading.getByRole('link', { name: item.label })).toHaveAttribute('href', item.href);
      await expect(reading.getByText(item.description)).toBeVisible();
    }

    const latest = page.getByRole('region', { name: 'Latest from the Knowledge Base' });
    const articles = latest.getByRole('list', { name: 'Latest from the Knowledge Base' });
    for (const article of kb.zendesk.articles) {
      await expect(articles.getByRole('link', { name: article.title, exact: true })).toHaveAttribute(
        'href',
        article.html_url,
      );
      // Protected articles share one snippet ('Sign in to read this article.'), so look inside the article's item.
      const item = articles
        .getByRole('listitem')
        .filter({ has: page.getByRole('link', { name: article.title, exact: true }) });
      await expect(item.getByText(article.snippet)).toBeVisible();
    }
    await expect(latest.getByRole('heading', { name: 'Most popular' })).toBeVisible();
    const popular = latest.getByRole('list', { name: 'Most popular' });
    for (const link of kb.mostPopular) {
      await expect(popular.getByRole('link', { name: link.name, exact: true })).toHaveAttribute(
        'href',
        link.link,
      );
    }
  });

  test('the config the app starts from is requested once: the fetch takes the preload', async ({ page }) => {
    const configRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/portal-config/')) configRequests.push(request.url());
    });
    // Hydrated: the app started from the config (without it, it stops before hydrating).
    await gotoHydrated(page, '/');
    expect(configRequests).toHaveLength(1);
  });

  test('fetched in the browser: a loading skeleton first, then the articles', async ({ page }) => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/aggregator/latestKB', async (route) => {
      await held;
      await route.continue();
    });
    // Start elsewhere so the home page's data is fetched by the browser, not rendered by the server.
    await gotoHydrated(page, '/sla');
    await page
      .getByRole('banner')
      .getByRole('link', { name: `${portalConfig.product.name} Support` })
      .click();

    const latest = page.getByRole('region', { name: 'Latest from the Knowledge Base' });
    await expect(latest).toHaveAttribute('aria-busy', 'true');
    await expect(latest.getByText('Loading the latest articles')).toBeAttached();
    release();
    await expect(latest).toHaveAttribute('aria-busy', 'false');
    await expect(latest.getByRole('link').first()).toBeVisible();
  });

  test('fetched in the browser: a failing call shows an error message', async ({ page }) => {
    await page.route('**/api/aggregator/latestKB', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: '{"error":"Service Unavailable"}',
      }),
    );
    // Hydrated first, as above: a click before the app runs is a plain page load, rendered by the server.
    await gotoHydrated(page, '/sla');
    await page
      .getByRole('banner')
      .getByRole('link', { name: `${portalConfig.product.name} Support` })
      .click();

    const latest = page.getByRole('region', { name: 'Latest from the Knowledge Base' });
    await expect(latest.getByRole('alert')).toContainText('The latest articles could not be loaded');
    await expect(latest.getByRole('button', { name: 'Try again' })).toBeVisible();
  });
});
