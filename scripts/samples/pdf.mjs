/**
 * A minimal, deterministic PDF 1.4 writer for the sample service descriptions: Helvetica metrics for
 * wrapping, WinAnsi strings, one content stream per page.
 */

/** Helvetica advance widths (1/1000 em) of the characters the text uses; others count as 556. */
const HELVETICA = {
  ' ': 278,
  '!': 278,
  '"': 355,
  '%': 889,
  '&': 667,
  "'": 191,
  '(': 333,
  ')': 333,
  '+': 584,
  ',': 278,
  '-': 333,
  '.': 278,
  '/': 278,
  ':': 278,
  ';': 278,
  '?': 556,
  '–': 556,
  '—': 1000,
  '’': 222,
  '•': 350,
  A: 667,
  B: 667,
  C: 722,
  D: 722,
  E: 667,
  F: 611,
  G: 778,
  H: 722,
  I: 278,
  J: 500,
  K: 667,
  L: 556,
  M: 833,
  N: 722,
  O: 778,
  P: 667,
  Q: 778,
  R: 722,
  S: 667,
  T: 611,
  U: 722,
  V: 667,
  W: 944,
  X: 667,
  Y: 667,
  Z: 611,
  a: 556,
  b: 556,
  c: 500,
  d: 556,
  e: 556,
  f: 278,
  g: 556,
  h: 556,
  i: 222,
  j: 222,
  k: 500,
  l: 222,
  m: 833,
  n: 556,
  o: 556,
  p: 556,
  q: 556,
  r: 333,
  s: 500,
  t: 278,
  u: 556,
  v: 500,
  w: 722,
  x: 500,
  y: 500,
  z: 500,
};
const textWidth = (s, size) => ([...s].reduce((w, c) => w + (HELVETICA[c] ?? 556), 0) * size) / 1000;

function wrap(text, size, width) {
  const lines = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (line && textWidth(next, size) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

/** WinAnsiEncoding for the few non-ASCII characters the text uses. */
const WIN_ANSI = { '–': 0x96, '—': 0x97, '’': 0x92, '•': 0x95, '©': 0xa9 };
function pdfString(s) {
  const bytes = [];
  for (const c of s) {
    const code = c.charCodeAt(0);
    if (WIN_ANSI[c] !== undefined) bytes.push(WIN_ANSI[c]);
    else if (code >= 0x20 && code < 0x7f) {
      if (c === '(' || c === ')' || c === '\\') bytes.push(0x5c);
      bytes.push(code);
    } else throw new Error(`character not in the PDF text encoding: ${JSON.stringify(c)}`);
  }
  return `(${Buffer.from(bytes).toString('latin1')})`;
}

const PAGE_W = 612; // US Letter, points
const PAGE_H = 792;
const MARGIN = 72;
const BODY = 10.5;
const LEADING = 15;

/**
 * Lays out one page: `blocks` are { h: heading } | { p: paragraph } | { li: bullet } | { row: [label, value] }.
 * Returns the content stream (a latin1 string).
 */
function pageContent(doc, blocks, pageNo, pageCount, company) {
  const ops = [];
  const text = (font, size, x, y, s, rgb = '0.13 0.16 0.22') =>
    ops.push(`BT ${rgb} rg /${font} ${size} Tf ${x.toFixed(2)} ${y.toFixed(2)} Td ${pdfString(s)} Tj ET`);

  // Header band and title.
  ops.push('0.09 0.20 0.45 rg', `0 ${PAGE_H - 36} ${PAGE_W} 36 re f`);
  text('F2', 11, MARGIN, PAGE_H - 23, `${company}`, '1 1 1');
  text(
    'F1',
    9,
    PAGE_W - MARGIN - textWidth('Service Description', 9),
    PAGE_H - 23,
    'Service Description',
    '1 1 1',
  );
  let y = PAGE_H - 36 - 48;
  if (pageNo === 1) {
    text('F2', 20, MARGIN, y, doc.title, '0.09 0.20 0.45');
    y -= 22;
    text('F2', 11, MARGIN, y, 'SAMPLE DOCUMENT – for demonstration only', '0.75 0.11 0.11');
    y -= 18;
    for (const line of wrap(doc.description, BODY, PAGE_W - 2 * MARGIN)) {
      text('F1', BODY, MARGIN, y, line, '0.30 0.33 0.40');
      y -= LEADING;
    }
    ops.push('0.80 0.83 0.88 RG 0.75 w', `${MARGIN} ${y + 4} m ${PAGE_W - MARGIN} ${y + 4} l S`);
    y -= 18;
  } else {
    text('F2', 13, MARGIN, y, `${doc.title} (continued)`, '0.09 0.20 0.45');
    y -= 26;
  }

  for (const block of blocks) {
    if (block.h) {
      y -= 6;
      text('F2', 12.5, MARGIN, y, block.h, '0.09 0.20 0.45');
      y -= LEADING + 3;
    } else if (block.p) {
      for (const line of wrap(block.p, BODY, PAGE_W - 2 * MARGIN)) {
        text('F1', BODY, MARGIN, y, line);
        y -= LEADING;
      }
      y -= 5;
    } else if (block.li) {
      const lines = wrap(block.li, BODY, PAGE_W - 2 * MARGIN - 16);
      text('F1', BODY, MARGIN + 4, y, '•');
      for (const line of lines) {
        text('F1', BODY, MARGIN + 16, y, line);
        y -= LEADING;
      }
      y -= 2;
    } else if (block.row) {
      const [label, value] = block.row;
      text('F2', BODY, MARGIN + 4, y, label);
      const lines = wrap(value, BODY, PAGE_W - 2 * MARGIN - 150);
      for (const line of lines) {
        text('F1', BODY, MARGIN + 150, y, line);
        y -= LEADING;
      }
      y -= 2;
    }
    if (y < MARGIN + 30)
      throw new Error(`${doc.file}: page ${pageNo} overflows; split the text into more pages`);
  }

  // Footer.
  ops.push('0.80 0.83 0.88 RG 0.75 w', `${MARGIN} ${MARGIN - 22} m ${PAGE_W - MARGIN} ${MARGIN - 22} l S`);
  text(
    'F1',
    8,
    MARGIN,
    MARGIN - 36,
    `${company} – sample generated for the support portal demo. Not a contract.`,
    '0.42 0.45 0.52',
  );
  const pn = `Page ${pageNo} of ${pageCount}`;
  text('F1', 8, PAGE_W - MARGIN - textWidth(pn, 8), MARGIN - 36, pn, '0.42 0.45 0.52');
  return ops.join('\n') + '\n';
}

/** Builds a PDF 1.4 file (`company` in the header band, footer and info): catalog, pages, one page + content stream per page, two standard fonts, info. */
export function buildPdf(doc, pages, company) {
  const objects = []; // index i holds object number i + 1 (a latin1 string body)
  const add = (body) => objects.push(body); // returns the new object number
  const catalog = add(null);
  const pagesObj = add(null);
  const fontRegular = add(
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  );
  const fontBold = add(
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
  );
  const kids = [];
  pages.forEach((blocks, i) => {
    const content = pageContent(doc, blocks, i + 1, pages.length, company);
    const stream = add(`<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}endstream`);
    kids.push(
      add(
        `<< /Type /Page /Parent ${pagesObj} 0 R /MediaBox [0 0 ${PAGE_W} ${PAGE_H}] ` +
          `/Resources << /Font << /F1 ${fontRegular} 0 R /F2 ${fontBold} 0 R >> >> /Contents ${stream} 0 R >>`,
      ),
    );
  });
  objects[catalog - 1] = `<< /Type /Catalog /Pages ${pagesObj} 0 R >>`;
  objects[pagesObj - 1] =
    `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`;
  const info = add(
    `<< /Title ${pdfString(`${doc.title} (sample)`)} /Author ${pdfString(company)} ` +
      `/Subject ${pdfString(doc.description)} /Producer (scripts/generate-samples.mjs) ` +
      `/CreationDate (D:20250519000000Z) >>`,
  );

  // Header with a binary comment so that tools treat the file as binary.
  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) out += `${String(off).padStart(10, '0')} 00000 n \n`;
  const id = Buffer.from(doc.file).toString('hex').padEnd(32, '0').slice(0, 32);
  out +=
    `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R /Info ${info} 0 R /ID [<${id}> <${id}>] >>\n` +
    `startxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
