import { PLAIN_FILE_NAME } from '../../../common/downloads.js';
import { ServiceError } from '../../lib/errors.js';

/**
 * The name a signed URL saves its file as, when it is a {@link PLAIN_FILE_NAME} (the rule of every store, so a
 * name never needs escaping in a header); another name is INVALID_INPUT.
 */
export function checkDownloadName(fileName: string): string {
  if (!PLAIN_FILE_NAME.test(fileName)) {
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
