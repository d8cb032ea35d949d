import { expect, test, type Page } from '@playwright/test';
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

/** Makes the page's browser say it has a PDF viewer (Chromium's headless shell has none) or that it has none. */
async function pdfViewer(page: Page, enabled: boolean) {
  await page.addInitScript((value) => {
    Object.defineProperty(Navigator.prototype, 'pdfViewerEnabled', { get: () => value });
  }, enabled);
}

test('every document page frames its PDF in a browser with a PDF viewer, and offers a download', async ({
  page,
  request,
}) => {
  await pdfViewer(page, true);
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

test("the frame comes without moving the page: its place keeps the frame's height until then", async ({
  browser,
}) => {
  const doc = documents[0];
  if (!doc) throw new Error('the config has no document');
  const path = `/support-services/${doc.file}.pdf`;
  // The page as the server sends it, before any script: the place the frame will take.
  const served = await browser.newPage({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });
  await served.goto(path);
  const place = await served
    .getByRole('main')
    .getByRole('link', { name: 'Open the PDF' })
    .evaluate((link) => {
      const box = link.closest('div')?.getBoundingClientRect();
      return box ? { top: box.top, height: box.height } : null;
    });
  await served.close();
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await pdfViewer(page, true);
  await page.goto(path);
  const frame = await page.locator(`iframe[title="${doc.title} (PDF)"]`).boundingBox();
  await page.close();
  expect(place).not.toBeNull();
  expect(frame).not.toBeNull();
  expect(Math.abs((frame?.height ?? 0) - (place?.height ?? 0))).toBeLessThanOrEqual(1);
  expect(Math.abs((frame?.y ?? 0) - (place?.top ?? 0))).toBeLessThanOrEqual(1);
});

test('without a PDF viewer, or on a phone, the page offers the PDF instead of an empty frame', async ({
  browser,
}) => {
  const doc = documents[0];
  if (!doc) throw new Error('the config has no document');
  for (const { viewport, viewer } of [
    { viewport: { width: 1280, height: 800 }, viewer: false },
    { viewport: { width: 375, height: 812 }, viewer: true },
  ]) {
    const page = await browser.newPage({ viewport });
    await pdfViewer(page, viewer);
    await gotoHydrated(page, `/support-services/${doc.file}.pdf`);
    const open = page.getByRole('main').getByRole('link', { name: 'Open the PDF' });
    await expect(open).toHaveAttribute('href', fileUrl(doc.file));
    // Past the idle callback's bound (2 s): still no frame.
    await page.waitForTimeout(2_500);
    await expect(page.locator('iframe')).toHaveCount(0);
    await expect(open).toBeVisible();
    await page.close();
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
