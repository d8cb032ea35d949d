import { expect, test } from '@playwright/test';
import { portalConfig } from './support/portal-config';
import { controlledList, gotoHydrated } from './support/pages';

const trustUrl = new URL(portalConfig.links.trust).href;

test('the server answers /trust with a 302 to the configured trust center', async ({ request }) => {
  const response = await request.get('/trust', { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(new URL(response.headers()['location'] ?? '').href).toBe(trustUrl);
});

test.describe('in the browser', () => {
  test.beforeEach(async ({ page }) => {
    // The trust center is another site: answer for it here instead of leaving the test network.
    await page.route(`${trustUrl}**`, (route) =>
      route.fulfill({
        status: 200,
        contentType: 'text/html',
        body: '<!doctype html><title>Trust Center</title><h1>Trust</h1>',
      }),
    );
  });

  test('the Trust Center menu item is a plain link the server redirects', async ({ page }) => {
    await page.goto('/');
    const button = page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: 'Support', exact: true });
    await button.click();
    const link = (await controlledList(page, button)).getByRole('link', { name: 'Trust Center' });
    await expect(link).toHaveAttribute('href', '/trust');
    // The browser follows the server's redirect to the trust center. A route does not see a redirect's
    // next request, so that one is watched, not answered: the headless shell then shows its own error page.
    const redirected = page.waitForRequest(
      (request) => request.url() === trustUrl && request.isNavigationRequest(),
    );
    await link.click();
    const request = await redirected;
    expect(request.redirectedFrom()?.url()).toMatch(/\/trust$/);
  });

  test('an in-app navigation to /trust leaves for the trust center', async ({ page }) => {
    await gotoHydrated(page, '/sla');
    // A client-side history change, as an old in-app link or the back button would make.
    await page.evaluate(() => {
      window.history.pushState({}, '', '/trust');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page).toHaveURL(trustUrl);
  });
});
