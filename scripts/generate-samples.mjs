#!/usr/bin/env node
/**
 * Generates the committed sample assets of the portal:
 *
 *   public/files/service-descriptions/{file}.pdf   one small PDF per service description (config/portal.yaml)
 *   public/images/locating-id-controller.svg        stylised controller UI, License page (960x540)
 *   public/images/locating-id-copilot.svg           stylised CoPilot UI, License page (960x540)
 *   public/images/download-process.svg              flow diagram of the Edge image download process (960x420)
 *   public/favicon.svg                              the logo mark
 *
 * Plain Node, no dependency beyond `yaml`. The output is deterministic: running it twice gives the same bytes,
 * so regenerating only shows a diff when the configuration or this script changed.
 *
 *   node scripts/generate-samples.mjs
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const config = parse(await readFile(join(root, 'config/portal.yaml'), 'utf8'));

const product = config.product?.name ?? 'Acme';
const company = config.product?.company ?? `${product} Networks`;
const documents = [...(config.serviceDescriptions?.documents ?? [])];
if (config.serviceDescriptions?.hardwareReturn) documents.push(config.serviceDescriptions.hardwareReturn);
if (documents.length === 0) throw new Error('config/portal.yaml: serviceDescriptions.documents is empty');

const written = [];
async function write(path, data) {
  const full = join(root, path);
  await mkdir(dirname(full), { recursive: true });
  await writeFile(full, data);
  written.push([relative(root, full), Buffer.byteLength(data)]);
}

// ---------------------------------------------------------------------------------------------------------
// PDF
// ---------------------------------------------------------------------------------------------------------

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
function pageContent(doc, blocks, pageNo, pageCount) {
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

/** Builds a PDF 1.4 file: catalog, pages, one page + content stream per page, two standard fonts, info. */
function buildPdf(doc, pages) {
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
    const content = pageContent(doc, blocks, i + 1, pages.length);
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

const tiers = config.sla?.tiers ?? ['Basic', 'Enterprise', 'Enterprise Plus', 'Strategic'];
const slaRows = (config.sla?.firstResponse ?? []).map((r) => ({
  row: [r.priority, `${r.description}. ${r.values.map((v, i) => `${tiers[i]}: ${v}`).join(', ')}.`],
}));

/** Plausible sample text for each document, keyed by file name; unknown files get a generic text. */
const TEXT = {
  'software-support-services': [
    [
      { h: 'Overview' },
      {
        p: `${product} Software Support gives customers access to the ${product} support team, to software updates and to the knowledge base for the ${product} controller, gateways and CoPilot. It is offered in four tiers: ${tiers.join(', ')}.`,
      },
      { h: 'Included in every tier' },
      { li: 'Access to the ticket portal and, for signed-in customers, the support chatbot.' },
      { li: 'Maintenance releases and security patches for every supported release.' },
      { li: 'Access to the documentation, release notes, field notices and PSIRT advisories.' },
      { h: 'First-response targets' },
      ...slaRows,
      {
        p: 'Targets are measured from the time a ticket is created in the ticket portal. For P1 issues, also call the support phone line after creating the ticket.',
      },
      { h: 'Customer responsibilities' },
      {
        p: 'Keep the controller on a supported release, give the support engineer the Controller ID or Customer ID with every ticket, and provide logs or diagnostics when asked.',
      },
    ],
  ],
  'support-offerings-datasheet': [
    [
      { h: 'At a glance' },
      {
        p: `${company} offers software support, hardware support for Edge appliances and expert services. This datasheet compares the offerings so that you can choose the level that fits your operations.`,
      },
      { h: 'Software support tiers' },
      { row: ['Basic', 'Business-hours coverage, ticket portal, software updates.'] },
      { row: ['Enterprise', '24/7 coverage for P1 and P2 tickets, faster first response.'] },
      { row: ['Enterprise Plus', 'Everything in Enterprise, with priority routing to senior engineers.'] },
      { row: ['Strategic', 'Everything in Enterprise Plus, with a named Trusted Advisor.'] },
      { h: 'Hardware support' },
      {
        p: `Device Support covers ${product} Edge appliances: troubleshooting, firmware updates and advance replacement of faulty units under a return merchandise authorization (RMA).`,
      },
    ],
    [
      { h: 'Expert services' },
      { row: ['Trusted Advisor', 'A named advisor who reviews architecture, upgrades and operations.'] },
      { row: ['Configuration', 'Hands-on help to configure gateways, firewalls and segmentation.'] },
      { h: 'How to buy' },
      {
        p: `Support offerings are sold as annual subscriptions alongside ${product} licenses. Contact your account team or ${config.links?.sales ?? 'sales'} for a quote.`,
      },
      { h: 'Where to get help' },
      { li: 'Ticket portal: open and follow tickets, upload logs.' },
      { li: `Phone: ${config.support?.phone ?? 'see the portal'} for P1 issues, after creating the ticket.` },
      { li: 'Support portal: SLA, End of Life Policy, service descriptions and downloads.' },
    ],
  ],
  'trusted-advisor-services': [
    [
      { h: 'What you get' },
      {
        p: `A Trusted Advisor is a senior ${product} engineer assigned to your account. The advisor learns your architecture and business goals and becomes your single technical point of contact.`,
      },
      { li: 'Quarterly architecture and operations reviews, with written recommendations.' },
      { li: 'Upgrade planning: release selection, upgrade path and a rollback plan for each change window.' },
      { li: 'Escalation management for open P1 and P2 tickets.' },
      { li: 'Early notice of field notices and security advisories that affect your deployment.' },
      { h: 'How it works' },
      {
        p: 'The engagement starts with an onboarding workshop to document your deployment. After that, the advisor meets your team on an agreed cadence and is reachable by email during business hours.',
      },
      { h: 'Out of scope' },
      {
        p: 'Hands-on configuration changes in your environment are delivered under Configuration Services.',
      },
    ],
  ],
  'configuration-services': [
    [
      { h: 'Scope' },
      {
        p: `${product} Configuration Services provide an ${product} engineer who works with your team to configure the ${product} platform in your cloud accounts, following an agreed design.`,
      },
      { li: 'Transit and spoke gateways, peering and high availability.' },
      { li: 'Distributed firewall policies and firewall network integration.' },
      { li: 'Network segmentation domains and connection policies.' },
      { li: 'Site-to-cloud connections and Edge appliance onboarding.' },
      { h: 'Delivery' },
      {
        p: 'Each engagement is scoped in a statement of work that lists the tasks, the deliverables and the number of remote sessions. Changes are made in maintenance windows that you approve.',
      },
      { h: 'Deliverables' },
      { li: 'A configuration summary of everything that was changed.' },
      { li: 'A test plan with the results of the acceptance tests.' },
    ],
  ],
  'device-support': [
    [
      { h: 'Coverage' },
      {
        p: `Device Support covers ${product} Edge hardware appliances for the term of the subscription: troubleshooting by the support team, firmware and Edge OS updates, and replacement of faulty units.`,
      },
      { h: 'Advance replacement' },
      {
        p: 'When the support team confirms a hardware fault, a replacement unit is shipped before the faulty unit is returned. Shipping targets depend on the destination country.',
      },
      { h: 'What you need' },
      { li: 'The serial number of the appliance and your Controller ID or Customer ID.' },
      { li: 'Diagnostics collected from the appliance, when it still boots.' },
      { li: 'A shipping address and an on-site contact for the replacement.' },
      { h: 'Related documents' },
      { p: 'Hardware Troubleshooting and Return Process describes each step of an RMA.' },
    ],
  ],
  'hardware-troubleshooting-return': [
    [
      { h: '1. Troubleshoot' },
      { li: 'Check power, cabling and the status LEDs against the appliance quick start guide.' },
      { li: 'Power-cycle the appliance and check whether it reconnects to the controller.' },
      { li: 'Collect diagnostics from the controller and attach them to a ticket.' },
      { h: '2. Open a ticket' },
      {
        p: 'Open a ticket in the ticket portal with the serial number, the symptoms and the steps already taken. The support team confirms whether the fault is in the hardware.',
      },
      { h: '3. Return under an RMA' },
      { li: 'The support team issues a return merchandise authorization (RMA) number.' },
      { li: 'A replacement is shipped; configure it from the controller as described in the guide.' },
      { li: 'Pack the faulty unit in the replacement packaging, with the RMA number on the label.' },
      { li: 'Return it within 15 days of receiving the replacement.' },
      { h: 'Data on returned units' },
      { p: 'Reset the appliance to factory defaults before shipping it, when it still boots.' },
    ],
  ],
};

for (const doc of documents) {
  const pages = TEXT[doc.file] ?? [
    [
      { h: 'Overview' },
      { p: `${doc.description} This sample describes the ${doc.title} offering of ${company}.` },
    ],
  ];
  await write(`public/files/service-descriptions/${doc.file}.pdf`, buildPdf(doc, pages));
}

// ---------------------------------------------------------------------------------------------------------
// SVG
// ---------------------------------------------------------------------------------------------------------

const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";
const MONO = "ui-monospace, 'SFMono-Regular', Menlo, Consolas, 'DejaVu Sans Mono', monospace";
const esc = (s) =>
  String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const min = (s) =>
  s
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .join('\n') + '\n';

/** The shapes of the logo mark in a 32x32 box (public/favicon.svg, and the UI headers of the screenshots). */
const MARK =
  '<rect width="32" height="32" rx="7" fill="#1d4ed8"/>' +
  '<path d="M8.5 25L16 6.5 23.5 25h-4.1L16 16.2 12.6 25z" fill="#fff"/>' +
  '<circle cx="16" cy="21" r="2.6" fill="#93c5fd"/>';

const SAMPLE_ID = `${product.toLowerCase()}-sample-4f2a9c1e-0042`;

/** A large, faint, rotated 'SAMPLE' centred on (cx, cy). */
const watermark = (cx, cy) =>
  `<text x="${cx}" y="${cy + 38}" text-anchor="middle" transform="rotate(-16 ${cx} ${cy})" ` +
  `font-size="112" font-weight="800" fill="#0f172a" fill-opacity="0.07" letter-spacing="10">SAMPLE</text>`;

/** Approximate advance width of a sans-serif label at 13px, for laying out tabs. */
const labelWidth = (s, size = 13) =>
  [...s].reduce(
    (w, c) => w + (/[ijlftrI ]/.test(c) ? 0.32 : /[mwMW]/.test(c) ? 0.86 : /[A-Z]/.test(c) ? 0.7 : 0.58),
    0,
  ) * size;

/** Controller UI, dark sidebar; Settings > Controller > License with the Customer ID highlighted. */
function controllerSvg() {
  const W = 960;
  const H = 540;
  const nav = [
    'Dashboard',
    'Multi-Cloud Transit',
    'Gateways',
    'Firewall Network',
    'Security',
    'Monitor',
    'Troubleshoot',
  ];
  const sub = ['Controller', 'Maintenance', 'Accounts', 'Advanced'];
  let y = 92;
  const navItems = nav
    .map((label) => {
      const t = `<text x="28" y="${y}">${esc(label)}</text>`;
      y += 30;
      return t;
    })
    .join('\n');
  const settingsY = y;
  y += 28;
  const subItems = sub
    .map((label, i) => {
      const active = i === 0;
      const t =
        (active ? `<rect x="8" y="${y - 17}" width="184" height="26" rx="4" fill="#2563eb"/>` : '') +
        `<text x="44" y="${y}"${active ? ' fill="#fff" font-weight="600"' : ''}>${esc(label)}</text>`;
      y += 28;
      return t;
    })
    .join('\n');

  const tabs = ['General', 'License', 'Email', 'Security', 'Certificates'];
  let tx = 232;
  const tabItems = tabs
    .map((label) => {
      const active = label === 'License';
      const w = labelWidth(label) + 24;
      const t =
        `<text x="${tx + 12}" y="136"${active ? ' fill="#1d4ed8" font-weight="600"' : ''}>${label}</text>` +
        (active ? `<rect x="${tx}" y="146" width="${w}" height="3" fill="#2563eb"/>` : '');
      tx += w + 8;
      return t;
    })
    .join('\n');

  const rows = [
    ['License type', 'BYOL'],
    ['Controller version', '8.1.1305'],
    ['Expiration date', '2026-12-31'],
  ];
  const rowItems = rows
    .map(
      ([k, v], i) =>
        `<text x="260" y="${330 + i * 36}" fill="#64748b">${k}</text>` +
        `<text x="440" y="${330 + i * 36}" fill="#0f172a">${v}</text>`,
    )
    .join('\n');

  return min(`
<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" role="img" aria-labelledby="t d">
<title id="t">Sample screenshot: the Customer ID on the License page of the ${esc(product)} controller</title>
<desc id="d">The controller UI with Settings, Controller selected in the sidebar and the License tab open. The Customer ID field, showing the sample value ${SAMPLE_ID}, is highlighted.</desc>
<rect width="${W}" height="${H}" fill="#f1f5f9"/>
<rect width="${W}" height="48" fill="#0b1f44"/>
<g transform="translate(20 12) scale(0.75)">${MARK}</g>
<text x="50" y="30" font-family="${FONT}" font-size="16" font-weight="700" fill="#fff">${esc(product)} Controller</text>
<g font-family="${FONT}" font-size="13" fill="#cbd5e1">
<rect x="676" y="13" width="200" height="22" rx="4" fill="#1e3a6e"/>
<text x="688" y="29" fill="#94a3b8">Search</text>
<circle cx="910" cy="24" r="13" fill="#1e3a6e"/>
<text x="910" y="29" text-anchor="middle" fill="#fff" font-size="12" font-weight="600">AD</text>
</g>
<rect y="48" width="200" height="${H - 48}" fill="#13294f"/>
<g font-family="${FONT}" font-size="13" fill="#cbd5e1">
${navItems}
<text x="28" y="${settingsY}" fill="#fff" font-weight="600">Settings</text>
<path d="M176 ${settingsY - 8}l5 5 5-5" fill="none" stroke="#fff" stroke-width="1.6"/>
${subItems}
</g>
<g font-family="${FONT}" font-size="13" fill="#475569">
<text x="232" y="82">Settings <tspan fill="#94a3b8">›</tspan> Controller <tspan fill="#94a3b8">›</tspan> <tspan fill="#0f172a" font-weight="600">License</tspan></text>
<text x="232" y="108" font-size="20" font-weight="700" fill="#0f172a">Controller</text>
${tabItems}
<rect x="232" y="149" width="${W - 260}" height="1" fill="#cbd5e1"/>
<rect x="232" y="170" width="${W - 260}" height="${H - 200}" rx="8" fill="#fff" stroke="#e2e8f0"/>
<text x="256" y="204" font-size="16" font-weight="700" fill="#0f172a">License</text>
<text x="256" y="226" fill="#64748b">The Customer ID identifies your ${esc(product)} license. Support asks for it with every ticket.</text>
<rect x="246" y="244" width="640" height="56" rx="6" fill="#fff7ed" stroke="#f97316" stroke-width="2.5"/>
<text x="260" y="277" font-weight="600" fill="#9a3412">Customer ID</text>
<rect x="430" y="256" width="330" height="32" rx="4" fill="#fff" stroke="#cbd5e1"/>
<text x="442" y="277" font-family="${MONO}" font-size="14" fill="#0f172a">${SAMPLE_ID}</text>
<rect x="772" y="256" width="100" height="32" rx="4" fill="#2563eb"/>
<text x="822" y="277" text-anchor="middle" fill="#fff" font-weight="600">Save</text>
${rowItems}
<path d="M690 300l10 14 10-14z" fill="#f97316"/>
<rect x="640" y="313" width="232" height="60" rx="6" fill="#f97316"/>
<text x="656" y="338" fill="#fff" font-weight="700" font-size="14">Your Customer ID</text>
<text x="656" y="358" fill="#fff">Copy it into the sign-up form.</text>
</g>
<g font-family="${FONT}">${watermark(580, 330)}</g>
</svg>`);
}

/** CoPilot UI, light sidebar; Settings > Configuration > License with the Customer ID highlighted. */
function copilotSvg() {
  const W = 960;
  const H = 540;
  const nav = [
    'Dashboard',
    'Topology',
    'Cloud Resources',
    'Networking',
    'Security',
    'Monitor',
    'Diagnostics',
  ];
  const sub = ['Configuration', 'Resources', 'Notifications'];
  let y = 96;
  const navItems = nav
    .map((label) => {
      const t =
        `<rect x="22" y="${y - 12}" width="14" height="14" rx="3" fill="none" stroke="#94a3b8" stroke-width="1.5"/>` +
        `<text x="46" y="${y}">${esc(label)}</text>`;
      y += 30;
      return t;
    })
    .join('\n');
  const settingsY = y;
  y += 28;
  const subItems = sub
    .map((label, i) => {
      const active = i === 0;
      const t =
        (active ? `<rect x="10" y="${y - 17}" width="190" height="26" rx="13" fill="#ede9fe"/>` : '') +
        `<text x="46" y="${y}"${active ? ' fill="#5b21b6" font-weight="600"' : ''}>${esc(label)}</text>`;
      y += 28;
      return t;
    })
    .join('\n');

  const tabs = ['General', 'License', 'Backup', 'Email', 'Single Sign-On'];
  let tx = 236;
  const tabItems = tabs
    .map((label) => {
      const active = label === 'License';
      const w = labelWidth(label) + 28;
      const t = active
        ? `<rect x="${tx}" y="120" width="${w}" height="28" rx="14" fill="#6d28d9"/>` +
          `<text x="${tx + w / 2}" y="139" text-anchor="middle" fill="#fff" font-weight="600">${label}</text>`
        : `<text x="${tx + w / 2}" y="139" text-anchor="middle">${label}</text>`;
      tx += w + 6;
      return t;
    })
    .join('\n');

  const rows = [
    ['License type', 'Subscription'],
    ['Controller IP', '10.0.0.10'],
    ['CoPilot version', '4.16.2'],
  ];
  const rowItems = rows
    .map(
      ([k, v], i) =>
        `<text x="264" y="${346 + i * 34}" fill="#64748b">${k}</text>` +
        `<text x="444" y="${346 + i * 34}" fill="#111827">${v}</text>`,
    )
    .join('\n');

  return min(`
<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" role="img" aria-labelledby="t d">
<title id="t">Sample screenshot: the Customer ID on the License page of ${esc(product)} CoPilot</title>
<desc id="d">The CoPilot UI with Settings, Configuration selected in the sidebar and the License tab open. The Customer ID field, showing the sample value ${SAMPLE_ID}, is highlighted.</desc>
<rect width="${W}" height="${H}" fill="#f8fafc"/>
<rect width="210" height="${H}" fill="#fff"/>
<rect x="210" width="1" height="${H}" fill="#e5e7eb"/>
<g transform="translate(20 18) scale(0.75)">${MARK}</g>
<text x="52" y="35" font-family="${FONT}" font-size="16" font-weight="700" fill="#111827">${esc(product)} CoPilot</text>
<g font-family="${FONT}" font-size="13" fill="#374151">
${navItems}
<rect x="22" y="${settingsY - 12}" width="14" height="14" rx="7" fill="none" stroke="#6d28d9" stroke-width="1.5"/>
<text x="46" y="${settingsY}" fill="#111827" font-weight="600">Settings</text>
<path d="M182 ${settingsY - 8}l5 5 5-5" fill="none" stroke="#374151" stroke-width="1.6"/>
${subItems}
</g>
<rect x="211" width="${W - 211}" height="56" fill="#fff"/>
<rect x="211" y="56" width="${W - 211}" height="1" fill="#e5e7eb"/>
<g font-family="${FONT}" font-size="13" fill="#4b5563">
<text x="236" y="34">Settings <tspan fill="#9ca3af">›</tspan> Configuration <tspan fill="#9ca3af">›</tspan> <tspan fill="#111827" font-weight="600">License</tspan></text>
<rect x="700" y="16" width="180" height="26" rx="13" fill="#f3f4f6"/>
<text x="716" y="34" fill="#9ca3af">Search CoPilot</text>
<circle cx="910" cy="29" r="13" fill="#ede9fe"/>
<text x="910" y="34" text-anchor="middle" fill="#5b21b6" font-size="12" font-weight="600">AD</text>
<text x="236" y="100" font-size="20" font-weight="700" fill="#111827">Configuration</text>
${tabItems}
<rect x="236" y="168" width="${W - 266}" height="${H - 196}" rx="10" fill="#fff" stroke="#e5e7eb"/>
<text x="260" y="202" font-size="16" font-weight="700" fill="#111827">License</text>
<text x="260" y="224" fill="#6b7280">CoPilot shows the Customer ID of the controller it is connected to.</text>
<rect x="250" y="242" width="640" height="60" rx="8" fill="#fffbeb" stroke="#f59e0b" stroke-width="2.5"/>
<text x="264" y="277" font-weight="600" fill="#92400e">Customer ID</text>
<rect x="434" y="256" width="330" height="32" rx="6" fill="#fff" stroke="#d1d5db"/>
<text x="446" y="277" font-family="${MONO}" font-size="14" fill="#111827">${SAMPLE_ID}</text>
<rect x="776" y="256" width="100" height="32" rx="6" fill="#fff" stroke="#6d28d9"/>
<text x="826" y="277" text-anchor="middle" fill="#6d28d9" font-weight="600">Copy</text>
${rowItems}
<path d="M694 302l10 14 10-14z" fill="#f59e0b"/>
<rect x="640" y="315" width="236" height="60" rx="8" fill="#f59e0b"/>
<text x="656" y="340" fill="#111827" font-weight="700" font-size="14">Your Customer ID</text>
<text x="656" y="360" fill="#111827">Same ID as in the controller.</text>
</g>
<g font-family="${FONT}">${watermark(585, 330)}</g>
</svg>`);
}

/** Flow diagram of the Edge image download process. */
function downloadProcessSvg() {
  const W = 960;
  const H = 420;
  const embargoed = (config.embargoedCountries ?? []).join(', ');
  const COLORS = { grey: '#475569', green: '#15803d', amber: '#b45309', red: '#b91c1c' };
  /** A rounded box with bold `title` lines, regular `detail` lines and an optional step number. */
  const box = (
    x,
    y,
    w,
    h,
    title,
    detail,
    { fill = '#eff6ff', stroke = '#2563eb', color = '#0f172a', step } = {},
  ) => {
    const lines = [...title.map((t) => [t, true]), ...detail.map((t) => [t, false])];
    const top = y + h / 2 - ((lines.length - 1) * 17) / 2 + 5;
    return (
      `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="10" fill="${fill}" stroke="${stroke}" stroke-width="2"/>` +
      (step
        ? `<circle cx="${x}" cy="${y}" r="12" fill="${stroke}"/>` +
          `<text x="${x}" y="${y + 4.5}" text-anchor="middle" fill="#fff" font-size="12" font-weight="700">${step}</text>`
        : '') +
      lines
        .map(
          ([l, bold], i) =>
            `<text x="${x + w / 2}" y="${top + i * 17}" text-anchor="middle" fill="${color}"` +
            `${bold ? ' font-weight="700"' : ' font-size="12.5"'}>${esc(l)}</text>`,
        )
        .join('')
    );
  };
  const arrow = (d, color = 'grey', label = '', lx = 0, ly = 0) =>
    `<path d="${d}" fill="none" stroke="${COLORS[color]}" stroke-width="2" marker-end="url(#${color})"/>` +
    (label
      ? `<text x="${lx}" y="${ly}" text-anchor="middle" font-weight="700" fill="${COLORS[color]}">${label}</text>`
      : '');
  const markers = Object.entries(COLORS)
    .map(
      ([name, c]) =>
        `<marker id="${name}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto">` +
        `<path d="M0 0L10 5 0 10z" fill="${c}"/></marker>`,
    )
    .join('');

  return min(`
<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" role="img" aria-labelledby="t d">
<title id="t">${esc(product)} Edge image download process</title>
<desc id="d">1. Sign in. If the Edge appliance is deployed in the United States, go straight to the downloads. If not, 2. fill in the deployment and company address form; an export-control check follows, which blocks embargoed countries${embargoed ? ` (${esc(embargoed)})` : ''}. Once cleared, 3. choose the image and 4. receive a signed download link.</desc>
<defs>${markers}</defs>
<rect width="${W}" height="${H}" fill="#fff"/>
<g font-family="${FONT}" font-size="14">
<text x="24" y="36" font-size="18" font-weight="700" fill="#0f172a">${esc(product)} Edge image download process</text>
${box(30, 90, 140, 64, ['Sign in'], ['customer account'], { step: 1 })}
${arrow('M170 122H192')}
<path d="M305 56L415 122 305 188 195 122z" fill="#fefce8" stroke="#ca8a04" stroke-width="2"/>
<text x="305" y="110" text-anchor="middle" font-weight="700" fill="#0f172a">Is Edge deployed</text>
<text x="305" y="127" text-anchor="middle" font-weight="700" fill="#0f172a">in the United</text>
<text x="305" y="144" text-anchor="middle" font-weight="700" fill="#0f172a">States?</text>
${arrow('M415 122H556', 'green', 'Yes', 485, 112)}
<text x="485" y="142" text-anchor="middle" font-size="12" fill="#475569">straight to downloads</text>
${box(560, 90, 170, 64, ['Choose image'], ['platform and release'], { step: 3 })}
${arrow('M730 122H776')}
${box(780, 90, 156, 64, ['Signed download', 'link'], [], { fill: '#f0fdf4', stroke: '#15803d', step: 4 })}
${arrow('M305 188V252', 'amber', 'No', 323, 226)}
${box(195, 256, 220, 76, ['Deployment and', 'company address form'], [], { step: 2 })}
${arrow('M415 294H556')}
${box(560, 256, 170, 76, ['Export-control', 'check'], ['screening of the address'], { fill: '#fefce8', stroke: '#ca8a04' })}
${arrow('M645 256V158', 'green', 'Cleared', 682, 212)}
${arrow('M730 294H776', 'red')}
${box(780, 256, 156, 76, ['Blocked'], ['embargoed countries', embargoed].filter(Boolean), { fill: '#fef2f2', stroke: '#b91c1c', color: '#7f1d1d' })}
<text x="24" y="388" font-size="12.5" fill="#475569">The address form and the export-control check apply only to deployments outside the United States.</text>
</g>
</svg>`);
}

/**
 * The logo mark: a rounded square with a stylised "A" and a network node. src/web/components/logo-mark.tsx draws the
 * same shapes inline; change both together.
 */
const favicon = min(`
<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32" viewBox="0 0 32 32">
<title>${esc(product)}</title>
${MARK}
</svg>`);

await write('public/images/locating-id-controller.svg', controllerSvg());
await write('public/images/locating-id-copilot.svg', copilotSvg());
await write('public/images/download-process.svg', downloadProcessSvg());
await write('public/favicon.svg', favicon);

for (const [path, size] of written) console.log(`${String(size).padStart(7)} B  ${path}`);
