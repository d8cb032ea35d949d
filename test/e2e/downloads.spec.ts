import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test, type Download, type Locator, type Page } from '@playwright/test';
import { apiPaths } from '../../src/common/api-paths';
import {
  embargoMessage,
  kvmOnRequestMessage,
  noPermissionMessage,
  oldReleaseMessage,
} from '../../src/common/downloads';
import { accounts } from './support/accounts';
import { userMenuButton } from './support/auth';
import { tabTo } from './support/keyboard';
import { collectPageErrors, controlledList, expectNoAxeViolations, gotoHydrated } from './support/pages';
import { AUTH_STATE } from './support/signed-in';

/**
 * The edge image download wizard and the API Collection page, as customers use them: the US
 * path, the address stage with its required fields and every embargoed country refused in the interface,
 * the file tables with the section 8 messages, a download whose bytes match the SHA-256 shown, a failed
 * download call shown on the page, and the whole wizard by keyboard alone; a customer without download
 * permission told why; the admins' records. axe-core on every stage.
 */

const PRODUCT = 'Acme';
const QUESTION = `Is ${PRODUCT} Edge being deployed in United States?`;
/** Any file name of the downloads: none may show to a visitor who may not download. */
const FILE_NAMES = /\.img|\.ova|\.qcow2|postman_collection/;
/** The embargoed countries as a user types them into the country field, with the name the list shows. */
const EMBARGOED = [
  { typed: 'North Korea', shown: 'North Korea' },
  { typed: 'Cuba', shown: 'Cuba' },
  { typed: 'Iran', shown: 'Islamic Republic of Iran' },
  { typed: 'Syria', shown: 'Syrian Arab Republic' },
  { typed: 'Venezuela', shown: 'Venezuela' },
  { typed: 'Russia', shown: 'Russian Federation' },
];

/** The input a label names (a country field's list of options is labelled by it too). */
const field = (page: Page, label: string) => page.getByLabel(label).and(page.locator('input'));

/** Picks a country in a searchable country field as a user does: types part of its name, then Enter. */
async function chooseCountry(page: Page, field: Locator, typed: string, shown: string) {
  await field.click();
  await field.fill(typed);
  await page.keyboard.press('Enter');
  await expect(field).toHaveValue(shown);
}

async function fillAddresses(page: Page) {
  await field(page, 'Deployment address line 1').fill('Hauptstrasse 1');
  await field(page, 'Deployment city/state/province').fill('Berlin');
  await chooseCountry(page, field(page, 'Deployment country'), 'Germany', 'Germany');
  await field(page, 'Company address line 1').fill('1 Rue de Rivoli');
  await field(page, 'Company city/state/province').fill('Paris');
  await chooseCountry(page, field(page, 'Company country'), 'France', 'France');
}

/** The hardware table's row of a controller release. */
const releaseRow = (page: Page, table: string, release: string) =>
  page
    .getByRole('table', { name: table })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: release, exact: true }) });

/** Resolves with the first download of any tab of the page's context (the link opens in a new tab). */
function nextDownload(page: Page): Promise<Download> {
  return new Promise((resolve) => {
    page.context().on('page', (tab) => tab.on('download', resolve));
    page.on('download', resolve);
  });
}

test.describe('signed out', () => {
  test('the downloads and the API Collection page ask to sign in and show no file names', async ({
    page,
  }) => {
    for (const path of ['/downloads', '/downloads/api-collection']) {
      await page.goto(path);
      await expect(page.getByText('Please login to view and Download files.')).toBeVisible();
      await expect(page.locator('#main-content').getByRole('link', { name: 'Customer Login' })).toBeVisible();
      await expect(page.getByText(FILE_NAMES)).toHaveCount(0);
      await expectNoAxeViolations(page);
    }
  });
});

test.describe('a customer without download permission', () => {
  test.use({ storageState: AUTH_STATE.customerWithoutDownloads });

  test('has no Downloads in the Support menu, and the download pages say why and whom to ask', async ({
    page,
  }) => {
    const { name } = accounts.customerWithoutDownloads;
    await gotoHydrated(page, '/');
    await expect(userMenuButton(page, name)).toBeVisible();
    const support = page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: 'Support', exact: true });
    await support.click();
    const menu = await controlledList(page, support);
    await expect(menu.getByRole('link', { name: 'Trust Center', exact: true })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Downloads', exact: true })).toHaveCount(0);

    for (const path of ['/downloads', '/downloads/api-collection']) {
      await gotoHydrated(page, path);
      const main = page.locator('#main-content');
      await expect(main.getByText(noPermissionMessage(PRODUCT))).toBeVisible();
      await expect(main.getByText(QUESTION)).toHaveCount(0);
      await expect(main.getByRole('button', { name: /^Download/ })).toHaveCount(0);
      await expect(page.getByText(FILE_NAMES)).toHaveCount(0);
      await expectNoAxeViolations(page);
    }
  });
});

test.describe('a customer', () => {
  test.use({ storageState: AUTH_STATE.customer });

  test('in the United States goes straight to the tables, with the section 8 messages', async ({ page }) => {
    const errors = collectPageErrors(page);
    await page.goto('/downloads');
    await expect(page.getByText(QUESTION)).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Yes', exact: true }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Downloads' })).toBeFocused();
    await expect(page.locator('[aria-current="step"]')).toHaveText('Downloads');
    const hardware = 'Edge OS images on recommended hardware';
    await expect(page.getByRole('table', { name: hardware })).toBeVisible();
    await expect(releaseRow(page, hardware, '8.1')).toContainText('acme-edge-2023.39.8-hardware.img');
    await expect(releaseRow(page, hardware, '8.1')).toContainText('256 KB');
    await expect(releaseRow(page, hardware, '8.1')).toContainText(/[0-9a-f]{64}/);
    await expect(releaseRow(page, hardware, '8.1')).toContainText('acme-edge-2023.39.8-hardware.img.sha256');
    await expect(releaseRow(page, hardware, '7.0')).toHaveText(`7.0${oldReleaseMessage('7.0', '7.1')}`);
    await expect(releaseRow(page, 'KVM/QEMU images', '8.1')).toHaveText(`8.1${kvmOnRequestMessage('8.1')}`);
    await expect(releaseRow(page, 'KVM/QEMU images', '7.2')).toContainText('acme-edge-2023.39.8-kvm.qcow2');
    await expect(page.getByRole('table', { name: 'VMware ESXi images' })).toBeVisible();
    await expectNoAxeViolations(page);

    // The sections collapse.
    await page.getByRole('button', { name: 'VMware ESXi images' }).click();
    await expect(page.getByRole('table', { name: 'VMware ESXi images' })).toBeHidden();

    // A download arrives with the bytes whose SHA-256 the table shows, and so does its checksum file.
    const row = releaseRow(page, hardware, '8.1');
    const shown = (await row.locator('td').nth(2).textContent())?.trim();
    const image = nextDownload(page);
    await row
      .getByRole('button', { name: 'Download acme-edge-2023.39.8-hardware.img for controller 8.1' })
      .click();
    const file = await image;
    expect(file.suggestedFilename()).toBe('acme-edge-2023.39.8-hardware.img');
    const bytes = await readFile(await file.path());
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(shown);
    const checksum = nextDownload(page);
    await row.getByRole('button', { name: /^Download checksum/ }).click();
    const checksumText = await readFile(await (await checksum).path(), 'utf8');
    expect(checksumText).toBe(`${shown}  acme-edge-2023.39.8-hardware.img\n`);

    // Back returns to the question; the API Collection page is one link away.
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByText(QUESTION)).toBeVisible();
    await page.getByRole('link', { name: 'API Collection page' }).click();
    await expect(page).toHaveURL('/downloads/api-collection');
    expect(errors).toEqual([]);
  });

  test('outside the United States: required fields, every embargoed country refused, Back keeps the addresses', async ({
    page,
  }) => {
    test.slow(); // twelve country choices and three axe runs
    await page.goto('/downloads');
    await page.getByRole('button', { name: 'No', exact: true }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Addresses' })).toBeFocused();
    await expectNoAxeViolations(page);

    // Nothing filled in: every required field marked, address line 2 not.
    await field(page, 'Deployment address line 1').fill('Hauptstrasse 1');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('alert')).toHaveText('Please fill all required fields');
    for (const label of [
      'Deployment city/state/province',
      'Deployment country',
      'Company address line 1',
      'Company city/state/province',
      'Company country',
    ]) {
      await expect(field(page, label)).toHaveAttribute('aria-invalid', 'true');
    }
    await expect(field(page, 'Deployment address line 1')).toHaveValue('Hauptstrasse 1');
    await expect(field(page, 'Deployment address line 2')).not.toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page);

    // An embargoed country decides before the empty fields do, as on the server; the alert passes axe.
    const message = embargoMessage(PRODUCT);
    await chooseCountry(page, field(page, 'Deployment country'), 'Cuba', 'Cuba');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('alert')).toHaveText(message);
    await expect(field(page, 'Deployment country')).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page);

    await fillAddresses(page);
    for (const label of ['Deployment country', 'Company country']) {
      const input = field(page, label);
      for (const country of EMBARGOED) {
        await chooseCountry(page, input, country.typed, country.shown);
        await page.getByRole('button', { name: 'Continue' }).click();
        await expect(page.getByRole('alert')).toHaveText(message);
        await expect(input).toHaveAttribute('aria-invalid', 'true');
        await expect(page.getByRole('heading', { level: 2, name: 'Addresses' })).toBeVisible();
      }
      await chooseCountry(
        page,
        input,
        label.startsWith('Deployment') ? 'Germany' : 'France',
        label.startsWith('Deployment') ? 'Germany' : 'France',
      );
    }

    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Downloads' })).toBeFocused();
    await expect(page.getByRole('table', { name: 'VMware ESXi images' })).toBeVisible();
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(field(page, 'Deployment address line 1')).toHaveValue('Hauptstrasse 1');
    await expect(field(page, 'Company country')).toHaveValue('France');
  });

  test('does the whole wizard by keyboard alone, and Back keeps what was typed', async ({ page }) => {
    test.slow();
    // The keyboard path through the running wizard: focus moves as the app renders each step.
    await gotoHydrated(page, '/downloads');
    // From the top of the page, as a keyboard user arrives: the skip link, then on to the question.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
    const no = page.getByRole('button', { name: 'No', exact: true });
    await tabTo(page, no);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 2, name: 'Addresses' })).toBeFocused();
    const steps: [string, string, string?][] = [
      ['Deployment address line 1', '5 Orchard Road'],
      ['Deployment address line 2', 'Level 10'],
      ['Deployment city/state/province', 'Singapore'],
      ['Deployment country', 'Singap', 'Singapore'],
      ['Company address line 1', '1 Martin Place'],
      ['Company address line 2', ''],
      ['Company city/state/province', 'Sydney'],
      ['Company country', 'Austral', 'Australia'],
    ];
    for (const [label, typed, chosen] of steps) {
      const control = field(page, label);
      await tabTo(page, control);
      await page.keyboard.type(typed);
      if (chosen) {
        await page.keyboard.press('Enter');
        await expect(control).toHaveValue(chosen);
      }
    }
    await tabTo(page, page.getByRole('button', { name: 'Continue' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 2, name: 'Downloads' })).toBeFocused();
    const download = page.getByRole('button', {
      name: 'Download acme-edge-2023.39.8-esxi.ova for controller 8.0',
    });
    await tabTo(page, download, 40);
    const file = nextDownload(page);
    await page.keyboard.press('Enter');
    expect((await file).suggestedFilename()).toBe('acme-edge-2023.39.8-esxi.ova');
    await expect(download).toBeEnabled();

    // Back, by keyboard, to the addresses: everything typed is still there.
    await tabTo(page, page.getByRole('button', { name: 'Back' }), 40);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 2, name: 'Addresses' })).toBeFocused();
    for (const [label, typed, chosen] of steps) {
      await expect(field(page, label)).toHaveValue(chosen ?? typed);
    }
  });

  test('a download call that fails shows an error on the page and opens no tab', async ({ page }) => {
    await page.route(apiPaths.downloads.download, (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'Service Unavailable', message: 'The service is unavailable.' }),
      }),
    );
    await page.goto('/downloads');
    await page.getByRole('button', { name: 'Yes', exact: true }).click();
    const name = 'Download acme-edge-2023.39.8-hardware.img for controller 8.1';
    await page.getByRole('button', { name }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('The download did not start');
    await expect(alert).toContainText('The download could not be started. Please try again later.');
    // The tab opened at the click is closed again, and the button can be pressed again.
    await expect.poll(() => page.context().pages().length).toBe(1);
    await expect(page.getByRole('button', { name })).toBeEnabled();
    await expectNoAxeViolations(page);
  });

  test('the API Collection page lists the Postman collections with a download and a guide each', async ({
    page,
  }) => {
    await page.goto('/downloads/api-collection');
    const table = page.getByRole('table', { name: 'Postman collections' });
    await expect(table.getByRole('row')).toHaveCount(3);
    await expect(table.getByRole('link', { name: 'Guide to the Controller API 8.1' })).toHaveAttribute(
      'href',
      /^https:\/\//,
    );
    await expectNoAxeViolations(page);
    const file = nextDownload(page);
    await table.getByRole('button', { name: 'Download Controller API 8.1' }).click();
    const text = await readFile(await (await file).path(), 'utf8');
    expect(JSON.parse(text)).toHaveProperty('info.name', 'Controller API 8.1');
  });
});

test.describe('an admin', () => {
  test.use({ storageState: AUTH_STATE.admin });

  test('finds the downloads in the records by file type and file name, and exports them', async ({
    page,
    baseURL,
  }) => {
    for (const fileName of [
      'acme-controller-api-8.1.postman_collection.json',
      'acme-copilot-api-8.1.postman_collection.json',
    ]) {
      const issued = await page.request.post(apiPaths.downloads.download, {
        headers: { origin: baseURL ?? '' },
        data: { fileType: 'Postman', fileName },
      });
      expect(issued.status(), await issued.text()).toBe(200);
    }
    await gotoHydrated(page, '/admin/download-records');
    await expect(page.getByRole('heading', { level: 1, name: 'Download records' })).toBeVisible();
    await page.getByLabel('File type').selectOption('Postman');
    await page.getByLabel('File name contains').fill('copilot-api');
    await page.getByRole('button', { name: 'Filter' }).click();
    const rows = page.getByRole('table', { name: 'Download records' }).getByRole('row');
    await expect(rows.nth(1)).toContainText('acme-copilot-api-8.1.postman_collection.json');
    await expect(rows.filter({ hasText: 'acme-controller-api' })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await expect(page.getByRole('link', { name: 'Export these records as CSV' })).toHaveAttribute(
      'href',
      /records\.csv\?fileName=copilot-api&fileType=Postman$/,
    );
  });
});
