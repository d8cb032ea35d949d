import { expect, test } from '@playwright/test';
import { chatbotPolicyPath, eolPolicyPath, portalConfig } from './support/portal-config';
import { gotoHydrated } from './support/pages';

const product = portalConfig.product.name;

test('End of Life policy: rules, update date, schedule and edge compatibility', async ({ page }) => {
  await gotoHydrated(page, eolPolicyPath);
  await expect(page).toHaveTitle(new RegExp(`^${product} End of Life Policy \\|`));
  await expect(page.getByRole('heading', { level: 1, name: `${product} End of Life Policy` })).toBeVisible();
  await expect(page.getByText('Policy updated May 19 2025')).toBeVisible();
  await expect(page.getByText(portalConfig.eolPolicy.intro)).toBeVisible();
  for (const rule of portalConfig.eolPolicy.rules)
    await expect(page.getByRole('listitem').filter({ hasText: rule })).toBeVisible();

  const table = page.getByRole('table', { name: 'End of life and end of support dates by release' });
  await expect(table.getByRole('columnheader')).toHaveText([
    'Release',
    'Status',
    'GA date',
    'End of life',
    'End of support',
  ]);
  await expect(table.getByRole('rowheader')).toHaveText(
    portalConfig.eolPolicy.schedule.map((release) => release.release),
  );
  for (const release of portalConfig.eolPolicy.schedule) {
    const row = table
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: release.release, exact: true }) });
    await expect(row.getByRole('cell').first()).toHaveText(release.status);
  }

  // Dates as spec section 9 gives them, printed 'Mon DD YYYY'.
  const cells = (release: string) =>
    table
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: release, exact: true }) })
      .getByRole('cell');
  await expect(cells('7.2')).toHaveText(['Supported', 'Oct 15 2024', 'Oct 15 2025', 'Apr 15 2026']);
  await expect(cells('8.0')).toHaveText([
    'Supported',
    'May 19 2025',
    'Not yet announced',
    'Not yet announced',
  ]);
  await expect(cells('8.1')).toHaveText([
    'Supported',
    'Aug 11 2025',
    'Not yet announced',
    'Not yet announced',
  ]);
  for (const release of ['6.8', '6.9', '7.0', '7.1'])
    await expect(cells(release).first()).toHaveText('End of Support');

  await expect(page.getByText(portalConfig.eolPolicy.edgeCompatibility)).toBeVisible();
});

test('Chatbot policy: every paragraph and the update date', async ({ page }) => {
  await gotoHydrated(page, chatbotPolicyPath);
  await expect(page.getByRole('heading', { level: 1, name: `${product} Chatbot Policy` })).toBeVisible();
  await expect(page.getByText('Policy updated May 19 2025')).toBeVisible();
  for (const paragraph of portalConfig.chatbotPolicy.paragraphs)
    await expect(page.getByText(paragraph)).toBeVisible();
});
