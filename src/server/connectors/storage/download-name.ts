import { ServiceError } from '../../lib/errors.js';

/**
 * The names a signed URL may save its file as: letters, digits, `.`, `_` and `-`, starting with a letter or
 * digit. Nothing in such a name can end the quoted `filename="..."` of a Content-Disposition header or need
 * RFC 6266's `filename*` encoding, so every store writes the header the same way.
 */
export const DOWNLOAD_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/;

/** The name, when it is one of {@link DOWNLOAD_NAME}; another name is INVALID_INPUT. */
export function checkDownloadName(fileName: string): string {
  if (!DOWNLOAD_NAME.test(fileName)) {
    throw new ServiceError(
      'INVALID_INPUT',
      `Not a plain file name: ${JSON.stringify(fileName.slice(0, 80))}`,
    );
  }
  return fileName;
}

/** The Content-Disposition that saves a download as `fileName` (see {@link checkDownloadName}). */
export const attachmentDisposition = (fileName: string) =>
  `attachment; filename="${checkDownloadName(fileName)}"`;
