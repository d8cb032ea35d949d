import { expect, test } from '@playwright/test';
import { chatbotPolicyPath, eolPolicyPath, portalConfig } from './support/portal-config';
import { collectPageErrors, controlledList, expectNoAxeViolations, gotoHydrated } from './support/pages';

const [framedDocument] = portalConfig.serviceDescriptions.documents;

const routes = [
  '/',
  '/sla',
  eolPolicyPath,
  chatbotPolicyPath,
  '/service-descriptions',
  `/support-services/${framedDocument?.file ?? 'missing'}.pdf`,
  '/support-services/no-such-document.pdf',
  '/locating-controllerid-customerid',
  '/download-process',
  '/no/such/page',
];

for (const width of [1280, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 375 ? 812 : 800 } });

    for (const route of routes) {
      test(`${route}: no axe violations, no console errors (hydration matches)`, async ({ page }) => {
        const errors = collectPageErrors(page);
        await gotoHydrated(page, route);
        await expectNoAxeViolations(page);
        // The 404 pages log their own status as a failed resource; anything else is a real problem.
        expect(errors.filter((error) => !error.includes('status of 404'))).toEqual([]);
      });
    }
  });
}

test('open menus have no axe violations', async ({ page }) => {
  await page.goto('/');
  const button = page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Support', exact: true });
  await button.click();
  await expect(await controlledList(page, button)).toBeVisible();
  await expectNoAxeViolations(page);
});

test('the open mobile menu has no axe violations', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
  await expectNoAxeViolations(page);
});

test('every page has lang, a title of its own and a meta description in the first HTML', async ({
  request,
}) => {
  const titles = new Set<string>();
  for (const route of routes.filter((path) => !path.includes('no-such'))) {
    const html = await (await request.get(route)).text();
    expect(html, route).toMatch(/<html lang="en"/);
    const title = /<title>([^<]+)<\/title>/.exec(html)?.[1];
    expect(title, route).toBeTruthy();
    titles.add(title ?? '');
    expect(html, route).toMatch(/<meta name="description" content="[^"]{30,}">/);
  }
  expect(titles.size).toBe(routes.filter((path) => !path.includes('no-such')).length);
});
