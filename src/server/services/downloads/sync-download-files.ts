import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { StorageConnector } from '../../connectors/storage/types.js';
import type { Catalogue, CatalogueFile } from './catalogue.js';
import { demoCollection, demoImage } from './demo-files.js';

/** The largest image the built-in store takes from the folder (it keeps bodies as database rows). */
const MAX_FILE_BYTES = 512 * 1024 * 1024;

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

async function readIfPresent(file: string): Promise<Uint8Array | undefined> {
  try {
    return await readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** Puts `body` under the file's key unless the store already holds these exact bytes. */
async function store(storage: StorageConnector, file: CatalogueFile, body: Uint8Array): Promise<boolean> {
  const held = await storage.head(file.storageKey);
  if (held?.sha256 === sha256(body)) return false;
  await storage.put({ key: file.storageKey, contentType: file.contentType, body, maxBytes: MAX_FILE_BYTES });
  return true;
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
  let stored = 0;
  const missing: string[] = [];
  const bring = async (file: CatalogueFile, generate: () => Uint8Array) => {
    const location = path.join(directory, file.fileName);
    let body = await readIfPresent(location);
    if (!body && options.generateMissing) {
      body = generate();
      await mkdir(directory, { recursive: true });
      await writeFile(location, body);
    }
    if (!body) {
      missing.push(file.fileName);
      return undefined;
    }
    if (await store(storage, file, body)) stored += 1;
    return body;
  };
  for (const image of catalogue.images) {
    const body = await bring(image, () => demoImage(image.fileName));
    if (!body) continue;
    const checksum = new TextEncoder().encode(`${sha256(body)}  ${image.fileName}\n`);
    if (await store(storage, image.checksum, checksum)) stored += 1;
  }
  for (const collection of catalogue.collections) {
    await bring(collection, () => demoCollection(collection.title));
  }
  if (missing.length > 0) options.log?.warn({ missing, directory }, 'download files not found');
  return { stored, missing };
}
