import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { loadConfig } from '../../../src/server/config/load-config';
import { buildCatalogue } from '../../../src/server/services/downloads/catalogue';
import { demoCollection, demoImage } from '../../../src/server/services/downloads/demo-files';
import type { S3Fake } from './index';

/**
 * Objects put into the S3 fake before anything asks for them, as a deployment's release process would have
 * uploaded them.
 */

/** Every file under `directory` (recursively), under `prefix` + its path relative to the directory. */
export async function preloadDirectory(fake: S3Fake, directory: string, prefix = ''): Promise<string[]> {
  const keys: string[] = [];
  const entries = await readdir(directory, { recursive: true, withFileTypes: true });
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const key = prefix + path.relative(directory, file).split(path.sep).join('/');
    fake.putObject(key, await readFile(file));
    keys.push(key);
  }
  return keys.sort();
}

async function readIfThere(file: string): Promise<Buffer | undefined> {
  try {
    return await readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * The download files of the portal's config (`config.downloads`), under the keys its catalogue gives them: each
 * image with its `.sha256` sidecar (`sha256sum` format, computed from the image's bytes), and the Postman
 * collections. A file found in `directory` (a DOWNLOADS_DIR) is taken as it is; any other is the demo's
 * generated stand-in, the same bytes the built-in store would hold with demo data on.
 */
export async function preloadDownloads(
  fake: S3Fake,
  options: { configFile: string; directory?: string },
): Promise<string[]> {
  const catalogue = buildCatalogue((await loadConfig(options.configFile)).downloads);
  const bytesOf = async (fileName: string, generate: () => Uint8Array) =>
    (options.directory ? await readIfThere(path.join(options.directory, fileName)) : undefined) ??
    Buffer.from(generate());
  const keys: string[] = [];
  for (const image of catalogue.images) {
    const body = await bytesOf(image.fileName, () => demoImage(image.fileName));
    fake.putObject(image.storageKey, body, { contentType: image.contentType });
    const digest = createHash('sha256').update(body).digest('hex');
    fake.putObject(image.checksum.storageKey, `${digest}  ${image.fileName}\n`, {
      contentType: image.checksum.contentType,
    });
    keys.push(image.storageKey, image.checksum.storageKey);
  }
  for (const collection of catalogue.collections) {
    const body = await bytesOf(collection.fileName, () => demoCollection(collection.title));
    fake.putObject(collection.storageKey, body, { contentType: collection.contentType });
    keys.push(collection.storageKey);
  }
  return keys;
}
