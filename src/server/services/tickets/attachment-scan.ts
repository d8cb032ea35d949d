import { fileTypeFromBuffer } from 'file-type';
import { safeFileName } from '../../../common/attachments.js';
import { ServiceError } from '../../lib/errors.js';

interface AcceptedType {
  /** What the file is served as. */
  contentType: string;
  /** The endings a name of this type may have, lower case; the first is the one a wrong name gets. */
  extensions: readonly string[];
}

/** Types detected from the bytes that a ticket may carry (by file-type's name for them). */
const BINARY_TYPES: Record<string, AcceptedType> = {
  png: { contentType: 'image/png', extensions: ['.png'] },
  jpg: { contentType: 'image/jpeg', extensions: ['.jpg', '.jpeg'] },
  gif: { contentType: 'image/gif', extensions: ['.gif'] },
  webp: { contentType: 'image/webp', extensions: ['.webp'] },
  pdf: { contentType: 'application/pdf', extensions: ['.pdf'] },
  zip: { contentType: 'application/zip', extensions: ['.zip'] },
  gz: { contentType: 'application/gzip', extensions: ['.gz', '.tgz'] },
  tar: { contentType: 'application/x-tar', extensions: ['.tar'] },
};

const TEXT: AcceptedType = { contentType: 'text/plain; charset=utf-8', extensions: ['.txt', '.log'] };

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

/** `an` before a type read letter by letter whose first letter sounds a vowel (an EXE, an MP4), else `a`. */
const article = (ext: string) => (/^[aefhilmnorsx]/i.test(ext) ? 'an' : 'a');

const hasExtension = (fileName: string, type: AcceptedType) =>
  type.extensions.some((extension) => fileName.toLowerCase().endsWith(extension));

/**
 * The name a file of `type` is kept under: the name given when its ending is one the type allows, otherwise
 * the same base name with the type's own extension. The agent's system opens a saved file by its extension,
 * so PNG bytes named report.html, run.bat or diag.hta must not reach it under that name (it would render the
 * HTML, or run the commands, that follow the PNG signature).
 */
function nameFor(fileName: string, type: AcceptedType): string {
  if (hasExtension(fileName, type)) return fileName;
  const base = fileName.replace(/\.[A-Za-z0-9]{1,10}$/, '');
  return safeFileName(`${base}${type.extensions[0] ?? ''}`);
}

/**
 * The type of an attachment, read from its bytes (file-type's signatures), never from the name or the
 * header the client sent: a screenshot, PDF or diagnostic bundle by its signature, a log by being UTF-8
 * text named .txt or .log. Anything else (an executable, a script, a renamed file) is refused. Answers the
 * content type it is served as and the name it is kept under (`fileName`, already a safe name, with its
 * extension made to match the type).
 */
export async function scanAttachment(
  fileName: string,
  bytes: Uint8Array,
): Promise<{ contentType: string; fileName: string }> {
  if (bytes.byteLength === 0) throw new ServiceError('INVALID_INPUT', 'body: the file is empty');
  const detected = await fileTypeFromBuffer(bytes);
  if (detected) {
    const type = BINARY_TYPES[detected.ext];
    if (type) return { contentType: type.contentType, fileName: nameFor(fileName, type) };
    throw new ServiceError(
      'INVALID_INPUT',
      `body: ${article(detected.ext)} ${detected.ext.toUpperCase()} file is not accepted; attach screenshots, PDF, logs or diagnostic bundles`,
    );
  }
  if (hasExtension(fileName, TEXT) && isPlainText(bytes)) return { contentType: TEXT.contentType, fileName };
  throw new ServiceError(
    'INVALID_INPUT',
    'body: this kind of file is not accepted; attach screenshots, PDF, logs (.txt, .log) or diagnostic bundles',
  );
}
