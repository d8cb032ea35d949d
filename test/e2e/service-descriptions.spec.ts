import { expect, test } from '@playwright/test';
import { portalConfig } from './support/portal-config';
import { gotoHydrated } from './support/pages';

const { documents, hardwareReturn } = portalConfig.serviceDescriptions;
const framed = documents.filter((doc) => doc.framed);
const fileUrl = (file: string) => `/files/service-descriptions/${file}.pdf`;

test('service descriptions: the five documents and the hardware return process', async ({ page }) => {
  await gotoHydrated(page, '/service-descriptions');
  await expect(page.getByRole('heading', { level: 1, name: 'Service Descriptions' })).toBeVisible();
  expect(documents).toHaveLength(5);
  for (const doc of [...documents, hardwareReturn]) {
    const link = page.getByRole('main').getByRole('link', { name: `${doc.title} (PDF)` });
    await expect(link).toHaveAttribute(
      'href',
      doc.framed ? `/support-services/${doc.file}.pdf` : fileUrl(doc.file),
    );
    await expect(page.getByText(doc.description)).toBeVisible();
  }
});

test('a framed document opens in the PDF viewer page', async ({ page }) => {
  const doc = framed[0];
  if (!doc) throw new Error('the config has no framed document');
  await gotoHydrated(page, '/service-descriptions');
  await page.getByRole('link', { name: `${doc.title} (PDF)` }).click();
  await expect(page).toHaveURL(`/support-services/${doc.file}.pdf`);
  await expect(page.getByRole('heading', { level: 1, name: doc.title })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(`^${doc.title} \\|`));
});

test('every framed document page frames its PDF and offers a download', async ({ page, request }) => {
  for (const doc of framed) {
    const response = await page.goto(`/support-services/${doc.file}.pdf`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: doc.title })).toBeVisible();
    await expect(page.locator(`iframe[title="${doc.title} (PDF)"]`)).toHaveAttribute(
      'src',
      fileUrl(doc.file),
    );
    await expect(page.getByRole('link', { name: 'Download the PDF' })).toHaveAttribute(
      'href',
      fileUrl(doc.file),
    );
    const pdf = await request.get(fileUrl(doc.file));
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
  }
});

test('an unknown or unframed /support-services PDF is the No Page page with status 404', async ({ page }) => {
  const notFramed = [...documents, hardwareReturn]
    .filter((doc) => !doc.framed)
    .map((doc) => `${doc.file}.pdf`);
  for (const name of ['no-such-document.pdf', `${framed[0]?.file ?? 'x'}`, ...notFramed]) {
    const response = await page.goto(`/support-services/${name}`);
    expect(response?.status(), name).toBe(404);
    await expect(page.getByText('The page is not available anymore.')).toBeVisible();
    await expect(page.locator('iframe')).toHaveCount(0);
  }
});
