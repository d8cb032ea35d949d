import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Download, type Page } from '@playwright/test';
import { apiPaths } from '../../src/common/api-paths';
import { saveSignedIn } from '../e2e/support/sign-in-api';
import { signInStaffWithJira } from './support/vendor-sign-in';
import { vendorFakes, vendorPortal } from './support/vendor-portal';

/**
 * Download from S3: a US download on the portal whose store is the S3 fake. The link is a presigned GetObject
 * URL on the fake, whose bytes match the SHA-256 the table shows (from the image's .sha256 sidecar: the image
 * itself carries none); the fake verified its signature with X-Amz-Expires=300; once the fake's clock has moved
 * 301 s the same URL answers 403, and a URL with one character changed answers 403 SignatureDoesNotMatch.
 */

const { s3 } = vendorFakes;
const IMAGE = 'acme-edge-2023.39.8-hardware.img';
const HARDWARE = 'Edge OS images on recommended hardware';

interface LoggedRequest {
  method: string;
  query: Record<string, string>;
  status: number;
  outcome: Record<string, string>;
}

/** Resolves with the first download of any tab of the page's context (the link opens in a new tab). */
function nextDownload(page: Page): Promise<Download> {
  return new Promise((resolve) => {
    page.context().on('page', (tab) => tab.on('download', resolve));
    page.on('download', resolve);
  });
}

async function moveFakeClock(request: APIRequestContext, advanceMs: number) {
  const moved = await request.post(`${s3.url}/__fake/clock`, { data: { advanceMs } });
  expect(moved.status()).toBe(200);
}

test('a US download comes from a presigned S3 URL that expires after 300 s', async ({ page }, testInfo) => {
  await signInStaffWithJira(page, vendorPortal.admin);
  await saveSignedIn(page, testInfo.outputPath('admin.json'), vendorPortal.admin.name);
  await page.request.delete(`${s3.url}/__fake/log`);

  await page.goto('/downloads');
  await page.getByRole('button', { name: 'Yes', exact: true }).click();
  const row = page
    .getByRole('table', { name: HARDWARE })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: '8.1', exact: true }) });
  await expect(row).toContainText(IMAGE);
  const shown = (await row.locator('td').nth(2).textContent())?.trim() ?? '';
  expect(shown).toMatch(/^[0-9a-f]{64}$/);

  // The download call answers the presigned URL; the new tab opens it on the fake.
  const issued = page.waitForResponse(
    (response) => new URL(response.url()).pathname === apiPaths.downloads.download,
  );
  const download = nextDownload(page);
  await row.getByRole('button', { name: `Download ${IMAGE} for controller 8.1` }).click();
  const { url } = (await (await issued).json()) as { url: string };
  const signed = new URL(url);
  expect(signed.origin).toBe(s3.url);
  expect(signed.pathname).toBe(`/${s3.bucket}/downloads/images/${IMAGE}`);
  expect(signed.searchParams.get('X-Amz-Expires')).toBe('300');

  const file = await download;
  expect(file.suggestedFilename()).toBe(IMAGE);
  const bytes = await readFile(await file.path());
  expect(createHash('sha256').update(bytes).digest('hex')).toBe(shown);

  // The fake checked the query signature of that GET, valid for 300 s.
  const { requests } = (await (await page.request.get(`${s3.url}/__fake/log`)).json()) as {
    requests: LoggedRequest[];
  };
  const served = requests.filter(
    (entry) =>
      entry.outcome.operation === 'GetObject' &&
      entry.query['X-Amz-Signature'] === signed.searchParams.get('X-Amz-Signature'),
  );
  expect(served.length).toBeGreaterThan(0);
  for (const entry of served) {
    expect(entry).toMatchObject({
      status: 200,
      query: { 'X-Amz-Expires': '300' },
      outcome: { signature: 'verified', auth: 'query' },
    });
  }

  await moveFakeClock(page.request, 301_000);
  try {
    const expired = await page.request.get(url);
    expect(expired.status()).toBe(403);
    expect(await expired.text()).toContain('Request has expired');

    // One character of the signature changed: S3 refuses it for the signature, whatever the time.
    const signature = signed.searchParams.get('X-Amz-Signature') ?? '';
    const changed = new URL(url);
    changed.searchParams.set(
      'X-Amz-Signature',
      `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`,
    );
    const forged = await page.request.get(changed.toString());
    expect(forged.status()).toBe(403);
    expect(await forged.text()).toContain('<Code>SignatureDoesNotMatch</Code>');
  } finally {
    await moveFakeClock(page.request, -301_000);
  }
});
