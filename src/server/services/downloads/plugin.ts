import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { buildCatalogue } from './catalogue.js';
import type { DownloadOptions } from './downloads.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** What the download service's calls take first (services/downloads/downloads.ts), built once. */
    downloads: DownloadOptions;
  }
}

async function downloadsPlugin(app: FastifyInstance): Promise<void> {
  const { downloads, embargoedCountries, product } = app.portalConfig;
  app.decorate('downloads', {
    db: app.db,
    storage: app.connectors.storage,
    catalogue: buildCatalogue(downloads),
    rules: { embargoed: embargoedCountries, productName: product.name },
  } satisfies DownloadOptions);
}

export default fp(downloadsPlugin, { name: 'downloads', dependencies: ['foundation'] });
