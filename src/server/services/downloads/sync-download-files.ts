import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { PutObjectInput, StorageConnector } from '../../connectors/storage/types.js';
import type { Catalogue, CatalogueFile } from './catalogue.js';
import { checksumFileText } from './checksum-file.js';
import { demoCollection, demoImage } from './demo-files.js';

/** The largest image the built-in store takes from the folder; images of several GB belong in S3. */
const MAX_FILE_BYTES = 512 * 1024 * 1024;

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/**
 * The hex SHA-256 of a file, read as a stream (an image may have hundreds of MB, which are never held in
 * memory at once); undefined when there is no such file.
 */
async function fileSha256(file: string): Promise<string | undefined> {
  const hash = createHash('sha256');
  try {
    for await (const piece of createReadStream(file)) hash.update(piece as Buffer);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  return hash.digest('hex');
}

/**
 * Puts the body under the file's key unless the store already holds bytes of this SHA-256; answers the
 * SHA-256 the store holds then (the one it computed on the way in) and whether it wrote.
 */
async function store(
  storage: StorageConnector,
  file: CatalogueFile,
  digest: string,
  body: () => PutObjectInput['body'],
): Promise<{ sha256: string; written: boolean }> {
  const held = await storage.head(file.storageKey);
  if (held?.sha256 === digest) return { sha256: digest, written: false };
  const put = await storage.put({
    key: file.storageKey,
    contentType: file.contentType,
    body: body(),
    maxBytes: MAX_FILE_BYTES,
  });
  return { sha256: put.sha256 ?? digest, written: true };
}

/**
 * Brings the configured download files from `directory` (DOWNLOADS_DIR) into the object store, which every
 * instance serves from: the images and Postman collections as they are, and for each image a checksum file
 * (`sha256sum` format) computed from its bytes, so the two can never disagree. With `generateMissing` (demo
 * data) a missing file is first written to the folder as a small generated stand-in. A file that is neither
 * there nor generated stays out of the store and is listed as not available.
 */
export async function syncDownloadFiles(options: {
  storage: StorageConnector;
  catalogue: Catalogue;
  directory: string;
  generateMissing: boolean;
  log?: FastifyBaseLogger;
}): Promise<{ stored: number; missing: string[] }> {
  const { storage, catalogue, directory } = options;
  // An S3 bucket gets its images and their checksum files from the release process, which uploads files of
  // several GB in parts; the portal only lists and serves them, and never writes the folder's files there.
  if (storage.provider === 's3') {
    options.log?.info({ directory }, 'download files are not synced: the release process uploads them to S3');
    return { stored: 0, missing: [] };
  }
  let stored = 0;
  const missing: string[] = [];
  const bring = async (file: CatalogueFile, generate: () => Uint8Array) => {
    const location = path.join(directory, file.fileName);
    let digest = await fileSha256(location);
    if (digest === undefined && options.generateMissing) {
      const generated = generate();
      await mkdir(directory, { recursive: true });
      await writeFile(location, generated);
      digest = sha256(generated);
    }
    if (digest === undefined) {
      missing.push(file.fileName);
      return undefined;
    }
    const kept = await store(storage, file, digest, () => createReadStream(location));
    if (kept.written) stored += 1;
    return kept.sha256;
  };
  for (const image of catalogue.images) {
    const digest = await bring(image, () => demoImage(image.fileName));
    if (!digest) continue;
    const checksum = new TextEncoder().encode(checksumFileText(digest, image.fileName));
    if ((await store(storage, image.checksum, sha256(checksum), () => checksum)).written) stored += 1;
  }
  for (const collection of catalogue.collections) {
    await bring(collection, () => demoCollection(collection.title));
  }
  if (missing.length > 0) options.log?.warn({ missing, directory }, 'download files not found');
  return { stored, missing };
}
