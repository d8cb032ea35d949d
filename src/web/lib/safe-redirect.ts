/**
 * Open-redirect protection for the stored redirect link and for addresses the API answers with (the brief's
 * "only same-origin relative paths are accepted"). A path is accepted only when the browser cannot read it as
 * another origin:
 *  - it starts with exactly one `/` (`//evil.example` is a protocol-relative URL);
 *  - no backslash anywhere (browsers read `/\evil.example` as `//evil.example`);
 *  - no whitespace or control characters (the URL parser drops tabs and newlines, so `/\t/evil.example`
 *    would become `//evil.example`);
 *  - no scheme (`javascript:`, `https://`): implied by the leading `/`, and checked again by resolving it.
 */
const MAX_LENGTH = 2048;
const PLACEHOLDER_ORIGIN = 'http://portal.invalid';
// eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
const UNSAFE_CHARACTERS = /[\s\\\u0000-\u001f\u007f]/;

export function isSafeRedirectPath(value: unknown): value is string {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_LENGTH) return false;
  if (value[0] !== '/' || value[1] === '/') return false;
  if (UNSAFE_CHARACTERS.test(value)) return false;
  try {
    return new URL(value, PLACEHOLDER_ORIGIN).origin === PLACEHOLDER_ORIGIN;
  } catch {
    return false;
  }
}

/**
 * A redirect the API answered with, as a path of this site: relative paths must pass {@link isSafeRedirectPath},
 * absolute URLs must name `origin` itself. Anything else gives `null` (the caller then goes home).
 */
export function toSameOriginPath(value: unknown, origin: string): string | null {
  if (typeof value !== 'string') return null;
  if (isSafeRedirectPath(value)) return value;
  if (!/^https?:\/\//i.test(value) || UNSAFE_CHARACTERS.test(value)) return null;
  try {
    const url = new URL(value);
    if (url.origin !== origin) return null;
    const path = `${url.pathname}${url.search}${url.hash}`;
    return isSafeRedirectPath(path) ? path : null;
  } catch {
    return null;
  }
}
