import { and, count, desc, eq, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { countryCode } from '../../../common/countries.js';
import type { DownloadRecordsQuery, DownloadRequest } from '../../../common/contracts/downloads.js';
import { DOWNLOAD_RECORDS_PAGE_SIZE } from '../../../common/downloads.js';
import type { StorageConnector } from '../../connectors/storage/types.js';
import type { Database } from '../../db/client.js';
import { downloadRecords, type DownloadRecordRow } from '../../db/schema/index.js';
import { ServiceError } from '../../lib/errors.js';
import { DOWNLOADS_PREFIX, type Catalogue, type CatalogueFile } from './catalogue.js';
import { readChecksumFile } from './checksum-file.js';
import { checkDestination } from './export-control.js';

/** The spec: a signed link names one file and works for five minutes. */
export const DOWNLOAD_URL_TTL_SECONDS = 5 * 60;

/** What the download service needs: every call takes it first, then the actor (when it has one), then its input. */
export interface DownloadOptions {
  db: Database;
  storage: StorageConnector;
  /** The files of `config.downloads` and where they live in the object store. */
  catalogue: Catalogue;
  /** The export-control rules: the embargoed countries, and the product named in the refusal. */
  rules: { embargoed: readonly string[]; productName: string };
}

export interface Downloader {
  id: string;
  name: string;
  email: string;
}

export interface StoredFileView {
  fileName: string;
  size: number | null;
  sha256: string | null;
}

/** Every downloadable object the store holds, by key: one listing instead of a look-up per file. */
async function heldFiles(storage: StorageConnector): Promise<(file: CatalogueFile) => StoredFileView> {
  const held = new Map((await storage.list(DOWNLOADS_PREFIX, 1000)).map((object) => [object.key, object]));
  return (file) => {
    const object = held.get(file.storageKey);
    return { fileName: file.fileName, size: object?.size ?? null, sha256: object?.sha256 ?? null };
  };
}

/**
 * The images of the catalogue with what the store holds of each and of its checksum file. An image whose
 * SHA-256 the store does not know (one the release process uploaded to S3) shows the one its checksum file
 * states, read only then.
 */
export async function listImageFiles({ storage, catalogue }: Pick<DownloadOptions, 'storage' | 'catalogue'>) {
  const describe = await heldFiles(storage);
  return Promise.all(
    catalogue.images.map(async (image) => {
      const file = describe(image);
      const checksum = describe(image.checksum);
      const sha256 =
        file.sha256 ??
        (file.size !== null && checksum.size !== null
          ? await readChecksumFile(storage, image.checksum.storageKey, image.fileName)
          : null);
      return { ...file, sha256, platform: image.platform, releases: image.releases, checksum };
    }),
  );
}

export async function listCollectionFiles({
  storage,
  catalogue,
}: Pick<DownloadOptions, 'storage' | 'catalogue'>) {
  const describe = await heldFiles(storage);
  return catalogue.collections.map((collection) => ({
    ...describe(collection),
    title: collection.title,
    guide: collection.guide,
  }));
}

/**
 * Issues a signed URL for one configured file: the export-control rules first (nothing is recorded for a
 * refused request), then the compliance record, then the URL. A record without a URL can happen (the
 * signing failed after it was written); a URL without a record cannot.
 */
export async function issueDownload(
  options: DownloadOptions,
  user: Downloader,
  input: { request: DownloadRequest; clientAddress: string },
): Promise<string> {
  const { storage } = options;
  const { request } = input;
  const destination = checkDestination(request, options.rules);
  const file = options.catalogue.find(request.fileType, request.fileName);
  if (!file || !(await storage.head(file.storageKey))) {
    throw new ServiceError('NOT_FOUND', `No ${request.fileType} file is called ${request.fileName}.`);
  }
  await options.db.insert(downloadRecords).values({
    userId: user.id,
    userName: user.name,
    email: user.email,
    fileType: file.fileType,
    fileName: file.fileName,
    ...destination,
    clientAddress: input.clientAddress,
  });
  return storage.signedUrl(file.storageKey, {
    fileName: file.fileName,
    expiresInSeconds: DOWNLOAD_URL_TTL_SECONDS,
  });
}

/** Case-insensitive substring, with no pattern characters to escape. */
const contains = (column: AnyPgColumn, text: string) => sql`strpos(lower(${column}), lower(${text})) > 0`;

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000);

function recordFilters(query: Omit<DownloadRecordsQuery, 'page'>): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (query.email) conditions.push(contains(downloadRecords.email, query.email));
  if (query.fileName) conditions.push(contains(downloadRecords.fileName, query.fileName));
  if (query.fileType) conditions.push(eq(downloadRecords.fileType, query.fileType));
  if (query.country) {
    const code = countryCode(query.country);
    if (!code)
      throw new ServiceError('INVALID_INPUT', 'querystring.country: must be a country name or ISO code');
    conditions.push(
      or(eq(downloadRecords.deploymentCountry, code), eq(downloadRecords.companyCountry, code)),
    );
  }
  if (query.from) conditions.push(gte(downloadRecords.createdAt, new Date(`${query.from}T00:00:00Z`)));
  if (query.to) conditions.push(lt(downloadRecords.createdAt, nextDay(query.to)));
  return and(...conditions);
}

/** One page of the trail, newest first, and how many records match. */
export async function listDownloadRecords(
  { db }: Pick<DownloadOptions, 'db'>,
  query: DownloadRecordsQuery,
): Promise<{ rows: DownloadRecordRow[]; count: number }> {
  const where = recordFilters(query);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(downloadRecords)
      .where(where)
      .orderBy(desc(downloadRecords.createdAt), desc(downloadRecords.id))
      .limit(DOWNLOAD_RECORDS_PAGE_SIZE)
      .offset((query.page - 1) * DOWNLOAD_RECORDS_PAGE_SIZE),
    db.select({ value: count() }).from(downloadRecords).where(where),
  ]);
  return { rows, count: total?.value ?? 0 };
}

/** The most rows one CSV export holds: a filter narrows a larger trail. */
export const CSV_EXPORT_LIMIT = 100_000;

/** Every record matching the filters, newest first, for the CSV export. */
export function exportDownloadRecords(
  { db }: Pick<DownloadOptions, 'db'>,
  query: Omit<DownloadRecordsQuery, 'page'>,
): Promise<DownloadRecordRow[]> {
  return db
    .select()
    .from(downloadRecords)
    .where(recordFilters(query))
    .orderBy(desc(downloadRecords.createdAt), desc(downloadRecords.id))
    .limit(CSV_EXPORT_LIMIT);
}
