import { expect, test } from '@playwright/test';
import { portalConfig } from './support/portal-config';
import { gotoHydrated } from './support/pages';

const { documents, hardwareReturn } = portalConfig.serviceDescriptions;
const allDocuments = [...documents, hardwareReturn];
const fileUrl = (file: string) => `/files/service-descriptions/${file}.pdf`;

test('service descriptions: the five documents and the hardware return process, each to its PDF page', async ({
  page,
}) => {
  await gotoHydrated(page, '/service-descriptions');
  await expect(page.getByRole('heading', { level: 1, name: 'Service Descriptions' })).toBeVisible();
  expect(documents).toHaveLength(5);
  for (const doc of allDocuments) {
    const link = page.getByRole('main').getByRole('link', { name: `${doc.title} (PDF)` });
    // Every document opens the same way, in the site's PDF page (none straight to the raw PDF).
    await expect(link).toHaveAttribute('href', `/support-services/${doc.file}.pdf`);
    await expect(page.getByText(doc.description)).toBeVisible();
  }
});

test('Device Support and the hardware return process open in the PDF viewer page like the others', async ({
  page,
}) => {
  const deviceSupport = documents.find((doc) => doc.title === 'Device Support');
  if (!deviceSupport) throw new Error('the config has no Device Support document');
  for (const doc of [documents[0], deviceSupport, hardwareReturn]) {
    if (!doc) continue;
    await page.goto('/service-descriptions');
    await page.getByRole('link', { name: `${doc.title} (PDF)` }).click();
    await expect(page).toHaveURL(`/support-services/${doc.file}.pdf`);
    await expect(page.getByRole('heading', { level: 1, name: doc.title })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`^${doc.title} \\|`));
  }
});

test('every document page frames its PDF and offers a download', async ({ page, request }) => {
  for (const doc of allDocuments) {
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

test('an unknown /support-services PDF, or a name without .pdf, is the No Page page with status 404', async ({
  page,
}) => {
  for (const name of ['no-such-document.pdf', `${documents[0]?.file ?? 'x'}`]) {
    const response = await page.goto(`/support-services/${name}`);
    expect(response?.status(), name).toBe(404);
    await expect(page.getByText('The page is not available anymore.')).toBeVisible();
    await expect(page.locator('iframe')).toHaveCount(0);
  }
});
