import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../../src/common/api-paths.js';
import { downloadRecordsSchema } from '../../../src/common/contracts/downloads.js';
import { ANONYMOUS, callerOf, getAs, postAs, refusal, type Caller } from '../../support/callers.js';
import { nonUsRequest, syncDemoDownloads } from '../../support/downloads.js';
import { useTestApp } from '../../support/use-test-app.js';

/**
 * The compliance trail: one record per URL issued and none per refusal, the admin's filters, and a
 * CSV export that is admin-only and defuses formula cells (CSV injection).
 */

const t = useTestApp({ seed: false });
const d = apiPaths.downloads;
let admin: Caller;
let customer: Caller;
let imageName = '';
const FORMULAS = ['=HYPERLINK("http://evil.example","x")', '+1+1', '-2+3', '@SUM(A1:A2)'];

beforeAll(async () => {
  await syncDemoDownloads(t.app);
  admin = await callerOf(t.app, 'admin');
  customer = await callerOf(t.app, 'customer');
  imageName = t.app.downloads.catalogue.images[0]?.fileName ?? '';
  for (const [index, formula] of FORMULAS.entries()) {
    const res = await postAs(
      t.app,
      customer,
      d.download,
      nonUsRequest(imageName, { deploymentAddress1: formula, deployementState: `State ${index}` }),
    );
    expect(res.statusCode, res.body).toBe(200);
  }
  // Refused (embargo, missing field): no record.
  await postAs(t.app, customer, d.download, nonUsRequest(imageName, { deploymentCountry: 'Cuba' }));
  await postAs(t.app, customer, d.download, nonUsRequest(imageName, { companyState: '' }));
  const us = await postAs(t.app, customer, d.download, {
    fileType: 'Image',
    fileName: imageName,
    deploymentCountry: 'US',
  });
  expect(us.statusCode, us.body).toBe(200);
});

const records = async (query: string) => {
  const res = await getAs(t.app, admin, `${d.records}?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return downloadRecordsSchema.parse(res.json());
};

describe('the records', () => {
  it('are admin-only, JSON and CSV alike', async () => {
    const agent = await callerOf(t.app, 'agent');
    for (const path of [d.records, d.recordsCsv]) {
      refusal(await getAs(t.app, ANONYMOUS, path), 401);
      refusal(await getAs(t.app, customer, path), 403);
      refusal(await getAs(t.app, agent, path), 403);
    }
  });

  it('hold one row per URL issued and none for the refused requests, newest first', async () => {
    const mine = await records(`email=${encodeURIComponent(customer.email.toUpperCase())}`);
    expect(mine.count).toBe(FORMULAS.length + 1);
    expect(mine.records[0]?.deploymentCountry).toBe('US');
    expect(mine.records.some((record) => record.deploymentCountry === 'CU')).toBe(false);
  });

  it('filter by country (name or code, deployment or company), file type and day', async () => {
    expect((await records(`email=${customer.email}&country=france`)).count).toBe(FORMULAS.length);
    expect((await records(`email=${customer.email}&country=DE`)).count).toBe(FORMULAS.length);
    expect((await records(`email=${customer.email}&country=usa`)).count).toBe(1);
    expect((await records(`email=${customer.email}&fileType=Postman`)).count).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    expect((await records(`email=${customer.email}&from=${today}&to=${today}`)).count).toBe(
      FORMULAS.length + 1,
    );
    expect((await records(`email=${customer.email}&to=2000-01-01`)).count).toBe(0);
  });

  it('refuse bad filters with a 400 naming the field', async () => {
    for (const [query, field] of [
      ['country=Atlantis', 'country'],
      ['from=2026-13-01', 'from'],
      ['page=12345678901234567890', 'page'],
      ['email=a%00b', 'email'],
    ]) {
      expect(refusal(await getAs(t.app, admin, `${d.records}?${query}`), 400)).toContain(field);
    }
  });
});

describe('the CSV export', () => {
  it('has a header, every matching record, and formula cells defused with a leading quote', async () => {
    const res = await getAs(t.app, admin, `${d.recordsCsv}?email=${encodeURIComponent(customer.email)}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="download-records-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const rows = parse(res.body, { columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(FORMULAS.length + 1);
    const addresses = rows.map((row) => row['Deployment address 1']);
    for (const formula of FORMULAS) expect(addresses).toContain(`'${formula}`);
    for (const cell of rows.flatMap((row) => Object.values(row))) expect(cell).not.toMatch(/^[=+\-@]/);
    expect(rows[0]?.Email).toBe(customer.email);
  });
});
