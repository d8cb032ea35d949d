import { createHash } from 'node:crypto';
import { count } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../../src/common/api-paths.js';
import { collectionFilesSchema, imageFilesSchema } from '../../../src/common/contracts/downloads.js';
import { embargoMessage, unitedStatesOnAddressFormMessage } from '../../../src/common/downloads.js';
import { downloadRecords } from '../../../src/server/db/schema/index.js';
import { ANONYMOUS, callerOf, getAs, postAs, refusal, type Caller } from '../../support/callers.js';
import { nonUsRequest, syncDemoDownloads } from '../../support/downloads.js';
import { useTestApp } from '../../support/use-test-app.js';

/**
 * The download API: who may call it, the export-control rules on the server (the brief: not only in
 * the wizard), the compliance record written for every URL and for no refusal, and the signed URL itself
 * (one file, five minutes, Range).
 */

// One customer asks for every link of the file: the limit is tested in hardening/write-rate-limits.
const t = useTestApp({ seed: false, env: { RATE_LIMIT_DOWNLOADS_PER_MINUTE: '1000' } });
const d = apiPaths.downloads;
let customer: Caller;
let noDownload: Caller;
let imageName = '';

const recordCount = async () => (await t.app.db.select({ value: count() }).from(downloadRecords))[0]?.value;

beforeAll(async () => {
  await syncDemoDownloads(t.app);
  customer = await callerOf(t.app, 'customer');
  noDownload = await callerOf(t.app, 'customer', { allowDownload: false });
  imageName = t.app.downloads.catalogue.images[0]?.fileName ?? '';
});

const urlOf = async (caller: Caller, body: Record<string, unknown>) => {
  const res = await postAs(t.app, caller, d.download, body);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { url: string }).url;
};

describe('who may download', () => {
  const calls = [
    { path: d.listImageFiles, body: {} },
    { path: d.listApiFiles, body: {} },
    { path: d.download, body: { fileType: 'Image', fileName: 'x', deploymentCountry: 'US' } },
  ];
  it.each(calls)('$path: 401 signed out, 403 without allowDownload', async ({ path, body }) => {
    expect(refusal(await postAs(t.app, ANONYMOUS, path, body), 401)).toBe(
      'Please login to view and Download files.',
    );
    expect(refusal(await postAs(t.app, noDownload, path, body), 403)).toMatch(/not enabled for downloads/);
  });

  it('lists the images with size, SHA-256 and checksum file, and the collections', async () => {
    const images = imageFilesSchema.parse((await postAs(t.app, customer, d.listImageFiles, {})).json());
    expect(images.imageFiles.map((file) => file.platform)).toEqual(['hardware', 'esxi', 'kvm']);
    for (const file of images.imageFiles) {
      expect(file.size).toBeGreaterThan(0);
      expect(file.sha256).toMatch(/^[0-9a-f]{64}$/);
      expect(file.checksum.fileName).toBe(`${file.fileName}.sha256`);
    }
    const collections = collectionFilesSchema.parse(
      (await postAs(t.app, customer, d.listApiFiles, {})).json(),
    );
    expect(collections.collectionFiles.length).toBeGreaterThan(0);
    expect(collections.collectionFiles[0]?.guide).toMatch(/^https:\/\//);
  });

  it("a listing for another user's id is refused", async () => {
    const res = await postAs(t.app, customer, d.listImageFiles, { userId: noDownload.id });
    expect(refusal(res, 403)).toMatch(/userId/);
  });
});

describe('export control on the server', () => {
  const message = () => embargoMessage(t.app.portalConfig.product.name);
  const embargoed = [
    'North Korea',
    ' north korea ',
    'KP',
    'prk',
    'Cuba',
    'CU',
    'Iran',
    'islamic republic of IRAN',
    'IR',
    'Syria',
    'SYRIAN ARAB REPUBLIC',
    'sy',
    'Venezuela',
    've',
    'Russia',
    'Russian Federation',
    'RU',
    'rus',
  ];

  const asEither = embargoed.flatMap((country) =>
    (['deploymentCountry', 'companyCountry'] as const).map((field) => ({ field, country })),
  );

  it.each(asEither)(
    '$country as $field: 403 with the spec message, nothing recorded',
    async ({ field, country }) => {
      const before = await recordCount();
      const res = await postAs(t.app, customer, d.download, nonUsRequest(imageName, { [field]: country }));
      expect(refusal(res, 403)).toBe(message());
      expect(await recordCount()).toBe(before);
    },
  );

  // An embargoed country decides the request before any missing or unknown field does (undefined leaves the
  // field out of the JSON body).
  it.each([
    {
      named: 'deployment Cuba, no company country',
      changes: { deploymentCountry: 'Cuba', companyCountry: undefined },
    },
    {
      named: 'deployment kp, no company country or deployment address',
      changes: { deploymentCountry: ' kp ', companyCountry: undefined, deploymentAddress1: undefined },
    },
    {
      named: 'company Iran, no deployment country',
      changes: { companyCountry: 'Iran', deploymentCountry: undefined },
    },
    {
      named: 'company RUS, every address field empty',
      changes: {
        companyCountry: 'RUS',
        deploymentAddress1: '',
        deployementState: '',
        companyAddress1: '',
        companyState: '',
      },
    },
    {
      named: 'deployment Syria, unknown company country',
      changes: { deploymentCountry: 'Syria', companyCountry: 'Atlantis' },
    },
    {
      named: 'unknown deployment country, company ve',
      changes: { deploymentCountry: 'Atlantis', companyCountry: 've' },
    },
    {
      named: 'a checksum file, deployment Venezuela, no company country',
      changes: { fileType: 'Text', deploymentCountry: 'Venezuela', companyCountry: undefined },
    },
  ])('$named: 403 with the spec message before any 400, nothing recorded', async ({ changes }) => {
    const before = await recordCount();
    const res = await postAs(t.app, customer, d.download, nonUsRequest(imageName, changes));
    expect(refusal(res, 403)).toBe(message());
    expect(await recordCount()).toBe(before);
  });

  it('a request naming only an embargoed deployment country and the file is refused with 403', async () => {
    const res = await postAs(t.app, customer, d.download, {
      fileType: 'Image',
      fileName: imageName,
      deploymentCountry: 'north korea',
    });
    expect(refusal(res, 403)).toBe(message());
  });

  // A Postman collection needs no destination, but one that states an embargoed destination gets no URL.
  it.each([
    { deploymentCountry: 'Cuba' },
    { companyCountry: 'IR' },
    { deploymentCountry: 'United States', companyCountry: ' russian federation ' },
  ])('a Postman request naming an embargoed country (%j): 403, nothing recorded', async (countries) => {
    const before = await recordCount();
    const res = await postAs(t.app, customer, d.download, {
      fileType: 'Postman',
      fileName: t.app.downloads.catalogue.collections[0]?.fileName ?? '',
      ...countries,
    });
    expect(refusal(res, 403)).toBe(message());
    expect(await recordCount()).toBe(before);
  });

  it('a US deployment with an embargoed company country is refused too', async () => {
    const res = await postAs(t.app, customer, d.download, {
      fileType: 'Image',
      fileName: imageName,
      deploymentCountry: 'United States',
      companyCountry: 'Cuba',
    });
    expect(refusal(res, 403)).toBe(message());
  });

  it.each(['deploymentAddress1', 'deployementState', 'companyAddress1', 'companyState', 'companyCountry'])(
    'a non-US request without %s: 400 naming it, nothing recorded',
    async (field) => {
      const before = await recordCount();
      const res = await postAs(t.app, customer, d.download, nonUsRequest(imageName, { [field]: '  ' }));
      expect(refusal(res, 400)).toContain(field);
      expect(await recordCount()).toBe(before);
    },
  );

  it.each(['United States', 'US', 'usa', 'United States of America'])(
    'the address form (a deployment address) with the United States (%s) as the deployment country: 400 saying so, nothing recorded',
    async (written) => {
      const before = await recordCount();
      const res = await postAs(
        t.app,
        customer,
        d.download,
        nonUsRequest(imageName, { deploymentCountry: written }),
      );
      expect(refusal(res, 400)).toBe(unitedStatesOnAddressFormMessage(t.app.portalConfig.product.name));
      expect(await recordCount()).toBe(before);
    },
  );

  it('a company headquartered in the United States may deploy elsewhere', async () => {
    const url = await urlOf(customer, nonUsRequest(imageName, { companyCountry: 'USA' }));
    expect(url).toBeTruthy();
  });

  it('an unknown country, a NUL byte and a 20-digit file name are 400s', async () => {
    expect(
      refusal(
        await postAs(t.app, customer, d.download, nonUsRequest(imageName, { deploymentCountry: 'Atlantis' })),
        400,
      ),
    ).toContain('deploymentCountry');
    expect(
      refusal(
        await postAs(
          t.app,
          customer,
          d.download,
          nonUsRequest(imageName, { deploymentAddress1: 'a\u0000b' }),
        ),
        400,
      ),
    ).toContain('deploymentAddress1');
    expect(
      refusal(await postAs(t.app, customer, d.download, nonUsRequest('12345678901234567890')), 404),
    ).toMatch(/No Image file/);
    expect((await postAs(t.app, customer, d.download, '{"fileType":"Image","fileNa')).statusCode).toBe(400);
  });

  it('a file that is not configured is 404, and an image name asked as Text is not its checksum', async () => {
    expect(refusal(await postAs(t.app, customer, d.download, nonUsRequest('../../etc/passwd')), 404)).toMatch(
      /No Image/,
    );
    const res = await postAs(t.app, customer, d.download, nonUsRequest(imageName, { fileType: 'Text' }));
    expect(refusal(res, 404)).toMatch(/No Text file/);
  });
});

describe('the compliance record and the signed URL', () => {
  it('records the download before issuing the URL, with the signed-in user, countries as codes and addresses', async () => {
    const before = (await recordCount()) ?? 0;
    await urlOf(
      customer,
      nonUsRequest(imageName, {
        deploymentCountry: ' germany ',
        companyCountry: 'fra',
        email: 'someone-else@example.com',
      }),
    );
    expect(await recordCount()).toBe(before + 1);
    const admin = await callerOf(t.app, 'admin');
    const res = await getAs(t.app, admin, `${d.records}?email=${encodeURIComponent(customer.email)}`);
    const [record] = (res.json() as { records: Record<string, unknown>[] }).records;
    expect(record).toMatchObject({
      email: customer.email,
      userId: customer.id,
      fileType: 'Image',
      fileName: imageName,
      deploymentCountry: 'DE',
      companyCountry: 'FR',
      deploymentAddress1: 'Hauptstrasse 1',
      deploymentAddress2: 'Floor 3',
      deploymentState: 'Berlin',
      companyAddress2: null,
    });
    expect(record?.clientAddress).toBeTruthy();
  });

  it('a US deployment needs no address; the URL gives the bytes whose SHA-256 the list shows', async () => {
    const url = await urlOf(customer, { fileType: 'Image', fileName: imageName, deploymentCountry: 'us' });
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${imageName}"`);
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.byteLength);
    const listed = imageFilesSchema.parse((await postAs(t.app, customer, d.listImageFiles, {})).json());
    const sha256 = createHash('sha256').update(res.rawPayload).digest('hex');
    expect(listed.imageFiles.find((file) => file.fileName === imageName)?.sha256).toBe(sha256);

    const checksumUrl = await urlOf(customer, {
      fileType: 'Text',
      fileName: `${imageName}.sha256`,
      deploymentCountry: 'US',
    });
    const checksum = await t.app.inject({ method: 'GET', url: checksumUrl });
    expect(checksum.body).toBe(`${sha256}  ${imageName}\n`);
  });

  it('answers a Range request with 206 and exactly those bytes; an unsatisfiable one with 416', async () => {
    const url = await urlOf(customer, { fileType: 'Image', fileName: imageName, deploymentCountry: 'US' });
    const whole = (await t.app.inject({ method: 'GET', url })).rawPayload;
    const res = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=1000-4999' } });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes 1000-4999/${whole.byteLength}`);
    expect(res.headers['content-length']).toBe('4000');
    expect(Buffer.compare(res.rawPayload, whole.subarray(1000, 5000))).toBe(0);
    const tail = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=-100' } });
    expect(Buffer.compare(tail.rawPayload, whole.subarray(whole.byteLength - 100))).toBe(0);
    const beyond = await t.app.inject({
      method: 'GET',
      url,
      headers: { range: `bytes=${whole.byteLength + 10}-` },
    });
    expect(beyond.statusCode, beyond.body).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${whole.byteLength}`);
  });

  it('refuses an expired URL, a URL changed to another file and a forged signature', async () => {
    const url = new URL(
      await urlOf(customer, { fileType: 'Image', fileName: imageName, deploymentCountry: 'US' }),
      'http://portal',
    );
    const other = t.app.downloads.catalogue.images[1];
    const tamper = (changes: Record<string, string>) => {
      const copy = new URL(url);
      for (const [key, value] of Object.entries(changes)) copy.searchParams.set(key, value);
      return `${copy.pathname}${copy.search}`;
    };
    const expired = tamper({ expires: String(Math.floor(Date.now() / 1000) - 1) });
    // Changing the expiry breaks the signature too: an expired URL is one whose own signature is good.
    expect(refusal(await t.app.inject({ method: 'GET', url: expired }), 403)).toBe(
      'This download link is not valid.',
    );
    const anotherFile = tamper({
      key: `downloads/images/${other?.fileName ?? ''}`,
      name: other?.fileName ?? '',
    });
    expect(refusal(await t.app.inject({ method: 'GET', url: anotherFile }), 403)).toBe(
      'This download link is not valid.',
    );
    const forged = tamper({ signature: 'A'.repeat(43) });
    expect(refusal(await t.app.inject({ method: 'GET', url: forged }), 403)).toBe(
      'This download link is not valid.',
    );
    expect((await t.app.inject({ method: 'GET', url: tamper({ signature: 'short' }) })).statusCode).toBe(400);
  });

  it('a URL signed five minutes ago no longer works', async () => {
    const realNow = Date.now;
    const url = await urlOf(customer, { fileType: 'Image', fileName: imageName, deploymentCountry: 'US' });
    try {
      Date.now = () => realNow() + 5 * 60_000 + 2_000;
      expect(refusal(await t.app.inject({ method: 'GET', url }), 403)).toMatch(/has expired/);
    } finally {
      Date.now = realNow;
    }
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
  });

  it('a Postman collection needs no country and is recorded as Postman, without a destination', async () => {
    const name = t.app.downloads.catalogue.collections[0]?.fileName ?? '';
    const downloader = await callerOf(t.app, 'customer');
    const url = await urlOf(downloader, { fileType: 'Postman', fileName: name });
    const res = await t.app.inject({ method: 'GET', url });
    expect(JSON.parse(res.body)).toHaveProperty('info.schema');
    // A country that is not embargoed changes nothing: a collection has no destination to record.
    await urlOf(downloader, { fileType: 'Postman', fileName: name, deploymentCountry: 'Germany' });
    const admin = await callerOf(t.app, 'admin');
    const listed = await getAs(t.app, admin, `${d.records}?email=${encodeURIComponent(downloader.email)}`);
    const { records } = listed.json() as { records: Record<string, unknown>[] };
    expect(records).toHaveLength(2);
    for (const record of records) {
      expect(record).toMatchObject({
        fileType: 'Postman',
        fileName: name,
        deploymentCountry: null,
        companyCountry: null,
        deploymentAddress1: null,
      });
    }
  });
});
