/** Helpers shared by the sample SVG images: fonts, escaping, minifying, the logo mark, the watermark. */

export const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";
export const MONO = "ui-monospace, 'SFMono-Regular', Menlo, Consolas, 'DejaVu Sans Mono', monospace";
export const esc = (s) =>
  String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
export const min = (s) =>
  s
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .join('\n') + '\n';

/** The shapes of the logo mark in a 32x32 box (public/favicon.svg, and the UI headers of the screenshots). */
export const MARK =
  '<rect width="32" height="32" rx="7" fill="#1d4ed8"/>' +
  '<path d="M8.5 25L16 6.5 23.5 25h-4.1L16 16.2 12.6 25z" fill="#fff"/>' +
  '<circle cx="16" cy="21" r="2.6" fill="#93c5fd"/>';

/** A large, faint, rotated 'SAMPLE' centred on (cx, cy). */
export const watermark = (cx, cy) =>
  `<text x="${cx}" y="${cy + 38}" text-anchor="middle" transform="rotate(-16 ${cx} ${cy})" ` +
  `font-size="112" font-weight="800" fill="#0f172a" fill-opacity="0.07" letter-spacing="10">SAMPLE</text>`;

/** Approximate advance width of a sans-serif label at 13px, for laying out tabs. */
export const labelWidth = (s, size = 13) =>
  [...s].reduce(
    (w, c) => w + (/[ijlftrI ]/.test(c) ? 0.32 : /[mwMW]/.test(c) ? 0.86 : /[A-Z]/.test(c) ? 0.7 : 0.58),
    0,
  ) * size;
