import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { buildCatalogue, type Catalogue } from './catalogue.js';

/** What the download calls need, built once. */
export interface DownloadsArea {
  /** The files of `config.downloads` and where they live in the object store. */
  catalogue: Catalogue;
}

declare module 'fastify' {
  interface FastifyInstance {
    downloads: DownloadsArea;
  }
}

async function downloadsPlugin(app: FastifyInstance): Promise<void> {
  app.decorate('downloads', {
    catalogue: buildCatalogue(app.portalConfig.downloads),
  } satisfies DownloadsArea);
}

export default fp(downloadsPlugin, { name: 'downloads', dependencies: ['foundation'] });
