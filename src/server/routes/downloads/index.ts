import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { downloadFileRoutes } from './download-files.js';
import { downloadRecordRoutes } from './download-records.js';

/** Edge images and API collections, and the export-control trail. */
export const downloadRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(downloadFileRoutes);
  await app.register(downloadRecordRoutes);
};
