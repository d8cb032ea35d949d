import { expect, test, type Locator } from '@playwright/test';
import { gotoHydrated } from './support/pages';

/** The image has reserved space (width/height attributes) and actually loaded. */
async function expectLoadedImage(image: Locator, width: string, height: string) {
  await expect(image).toHaveAttribute('width', width);
  await expect(image).toHaveAttribute('height', height);
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
}

test('locating the Controller ID or Customer ID: both places and both screenshots', async ({ page }) => {
  await gotoHydrated(page, '/locating-controllerid-customerid');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Locating your Controller ID or Customer ID' }),
  ).toBeVisible();
  await expect(page.getByText('Settings > Controller > License')).toBeVisible();
  await expect(page.getByText('Settings > Configuration > License')).toBeVisible();

  const controller = page.getByRole('img', { name: /controller UI/i });
  await expect(controller).toHaveAttribute('src', '/images/locating-id-controller.svg');
  await expectLoadedImage(controller, '960', '540');

  const copilot = page.getByRole('img', { name: /CoPilot UI/i });
  await expect(copilot).toHaveAttribute('src', '/images/locating-id-copilot.svg');
  await copilot.scrollIntoViewIfNeeded();
  await expectLoadedImage(copilot, '960', '540');
});

test('download process: heading, text and the process image', async ({ page }) => {
  await gotoHydrated(page, '/download-process');
  await expect(page.getByRole('heading', { level: 1, name: 'Download Process' })).toBeVisible();
  await expect(page.getByText('confirm where the Edge appliance will be deployed')).toBeVisible();
  const image = page.getByRole('img', { name: /download process/i });
  await expect(image).toHaveAttribute('src', '/images/download-process.svg');
  await expectLoadedImage(image, '960', '420');
});
