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
 * The configuration is read through the server's own loader (validated and typed), so the script runs under
 * tsx; the parts live in scripts/samples/. The output is deterministic: running it twice gives the same
 * bytes, so regenerating only shows a diff when the configuration or these scripts changed.
 *
 *   node --import tsx scripts/generate-samples.mjs
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../src/server/config/load-config.ts';
import { sampleImages } from './samples/images.mjs';
import { buildPdf } from './samples/pdf.mjs';
import { serviceDescriptionTexts } from './samples/service-description-text.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const config = await loadConfig(join(root, 'config/portal.yaml'));
const company = config.product.company;
const documents = [...config.serviceDescriptions.documents, config.serviceDescriptions.hardwareReturn];

const written = [];
async function write(path, data) {
  const full = join(root, path);
  await mkdir(dirname(full), { recursive: true });
  await writeFile(full, data);
  written.push([relative(root, full), Buffer.byteLength(data)]);
}

const texts = serviceDescriptionTexts(config);
for (const doc of documents) {
  const pages = texts[doc.file] ?? [
    [
      { h: 'Overview' },
      { p: `${doc.description} This sample describes the ${doc.title} offering of ${company}.` },
    ],
  ];
  await write(`public/files/service-descriptions/${doc.file}.pdf`, buildPdf(doc, pages, company));
}
for (const [path, svg] of Object.entries(sampleImages(config))) await write(path, svg);

for (const [path, size] of written) console.log(`${String(size).padStart(7)} B  ${path}`);
