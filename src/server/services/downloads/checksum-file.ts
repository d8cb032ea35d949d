import type { StorageConnector } from '../../connectors/storage/types.js';

/** An image's checksum file, in `sha256sum` format: the hex SHA-256, two spaces, the file name. */
export const checksumFileText = (sha256: string, imageFileName: string) => `${sha256}  ${imageFileName}\n`;

/** A checksum file holds one line; anything longer is not one. */
const MAX_CHECKSUM_FILE_BYTES = 4096;

/**
 * The SHA-256 a checksum file states for `imageFileName` (`sha256sum` writes `<hex>  <name>`, or `<hex> *<name>`
 * in binary mode), or null when it states none for that file.
 */
export function checksumFromText(text: string, imageFileName: string): string | null {
  for (const line of text.split(/\r?\n/)) {
    const match = /^([0-9a-fA-F]{64}) [ *](.+)$/.exec(line);
    if (match?.[1] && match[2]?.trim() === imageFileName) return match[1].toLowerCase();
  }
  return null;
}

/**
 * The SHA-256 that the checksum file under `key` states for the image: what the downloads show when the store
 * does not know an image's own (an S3 image that the release process uploaded carries no metadata). Null when
 * the file is missing, too long or states no hash for the image.
 */
export async function readChecksumFile(
  storage: StorageConnector,
  key: string,
  imageFileName: string,
): Promise<string | null> {
  const file = await storage.get(key);
  if (!file || file.object.size > MAX_CHECKSUM_FILE_BYTES) return null;
  const pieces: Uint8Array[] = [];
  for await (const piece of file.body) pieces.push(piece);
  return checksumFromText(Buffer.concat(pieces).toString('utf8'), imageFileName);
}
