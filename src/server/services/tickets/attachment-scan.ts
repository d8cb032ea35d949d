import { fileTypeFromBuffer } from 'file-type';
import { ServiceError } from '../../lib/errors.js';

/** Types detected from the bytes that a ticket may carry, with the content type they are served as. */
const BINARY_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
  zip: 'application/zip',
  gz: 'application/gzip',
  tar: 'application/x-tar',
};

const TEXT_EXTENSIONS = /\.(txt|log)$/i;

/** A log: UTF-8 text without NUL bytes (a binary renamed .log is not one). */
function isPlainText(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/**
 * The type of an attachment, read from its bytes (file-type's signatures), never from the name or the
 * header the client sent: a screenshot, PDF or diagnostic bundle by its signature, a log by being UTF-8
 * text named .txt or .log. Anything else (an executable, a script, a renamed file) is refused.
 */
export async function scanAttachment(fileName: string, bytes: Uint8Array): Promise<{ contentType: string }> {
  if (bytes.byteLength === 0) throw new ServiceError('INVALID_INPUT', 'body: the file is empty');
  const detected = await fileTypeFromBuffer(bytes);
  if (detected) {
    const contentType = BINARY_TYPES[detected.ext];
    if (contentType) return { contentType };
    throw new ServiceError(
      'INVALID_INPUT',
      `body: a ${detected.ext.toUpperCase()} file is not accepted; attach screenshots, PDF, logs or diagnostic bundles`,
    );
  }
  if (TEXT_EXTENSIONS.test(fileName) && isPlainText(bytes))
    return { contentType: 'text/plain; charset=utf-8' };
  throw new ServiceError(
    'INVALID_INPUT',
    'body: this kind of file is not accepted; attach screenshots, PDF, logs (.txt, .log) or diagnostic bundles',
  );
}
