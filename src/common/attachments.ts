/** Ticket attachments: what the portal takes, for the form's hint and the server's check alike. */

/** Up to 25 MB a file. */
export const ATTACHMENT_MAX_BYTES = 25 * 1024 * 1024;

/** At most this many files on one ticket. */
export const ATTACHMENTS_PER_TICKET = 20;

/** What the form says it takes (the server checks the bytes, not the name). */
export const ATTACHMENT_HINT =
  'Screenshots (PNG, JPEG, GIF, WebP), PDF, logs (.txt, .log) and diagnostic bundles (.zip, .tar, .tar.gz, .tgz, .gz), up to 25 MB each.';

/**
 * A file name as stored and offered back: letters, digits, dot, dash and underscore, starting with a letter or
 * digit, no path (the name a user's system gave a file is never trusted as a path or a header value).
 */
export function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[^A-Za-z0-9]+/, '')
    .slice(-150);
  return cleaned === '' ? 'attachment' : cleaned;
}
