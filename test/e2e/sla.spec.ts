import { expect, test } from '@playwright/test';
import { portalConfig } from './support/portal-config';
import { gotoHydrated } from './support/pages';

const { sla } = portalConfig;

test('SLA: first response times and coverage of all four tiers', async ({ page }) => {
  await gotoHydrated(page, '/sla');
  await expect(page).toHaveTitle(/^Support SLA \|/);
  await expect(page.getByRole('heading', { level: 1, name: 'Support SLA' })).toBeVisible();

  const table = page.getByRole('table', { name: 'First response times and coverage by support tier' });
  await expect(table.getByRole('columnheader')).toHaveText(['Service level', ...sla.tiers]);
  expect(sla.tiers).toEqual(['Basic', 'Enterprise', 'Enterprise Plus', 'Strategic']);

  for (const row of sla.firstResponse) {
    const tableRow = table
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: row.priority }) });
    await expect(tableRow.getByRole('rowheader')).toContainText(row.description);
    await expect(tableRow.getByRole('cell')).toHaveText(row.values);
  }

  // The check marks are drawn; what assistive technology reads is the text.
  for (const row of sla.coverage) {
    const tableRow = table
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: row.label, exact: true }) });
    await expect(tableRow.getByRole('cell')).toHaveText(
      row.values.map((included) => (included ? 'Included' : 'Not included')),
    );
  }

  for (const note of sla.notes) await expect(page.getByText(note)).toBeVisible();
});

test('SLA: the values of spec section 9', async ({ page }) => {
  await gotoHydrated(page, '/sla');
  const table = page.getByRole('table');
  const cells = (priority: string) =>
    table
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: priority }) })
      .getByRole('cell');
  await expect(cells('P1')).toHaveText(['2 hrs', '1 hr', '30 min', '20 mins']);
  await expect(cells('P2')).toHaveText(['8 hrs', '4 hrs', '4 hrs', '2 hrs']);
  await expect(cells('P3')).toHaveText(['24 hrs', '12 hrs', '8 hrs', '8 hrs']);
  await expect(cells('8/5 weekdays')).toHaveText([
    'Included',
    'Not included',
    'Not included',
    'Not included',
  ]);
  await expect(cells('24/7 global')).toHaveText(['Included', 'Included', 'Included', 'Included']);
});
