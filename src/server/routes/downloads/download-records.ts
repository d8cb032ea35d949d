import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '../../../common/api-paths.js';
import { downloadRecordsQuerySchema, downloadRecordsSchema } from '../../../common/contracts/downloads.js';
import { authorize, refusalSchemas } from '../../plugins/guards.js';
import { presentDownloadRecord } from '../../presenters/downloads.js';
import { exportDownloadRecords, listDownloadRecords } from '../../services/downloads/downloads.js';
import { downloadRecordsCsv } from '../../services/downloads/records-csv.js';

/** The export-control trail for admins: filtered pages as JSON, and everything filtered as CSV. */
export const downloadRecordRoutes: FastifyPluginAsyncZod = async (app) => {
  const onRequest = authorize('readDownloadRecords');

  app.get(
    apiPaths.downloads.records,
    {
      onRequest,
      schema: {
        tags: ['downloads'],
        summary: 'List download records',
        description:
          'Newest first, 50 a page. Filters: `email` and `fileName` (case-insensitive parts), `country` (the ' +
          'deployment or company country, a name or code), `fileType`, `from` and `to` (days, UTC, inclusive).',
        querystring: downloadRecordsQuerySchema,
        response: { 200: downloadRecordsSchema, ...refusalSchemas() },
      },
    },
    async (request, reply) => {
      const { rows, count } = await listDownloadRecords(app.downloads, request.query);
      reply.header('cache-control', 'private, no-store');
      return { records: rows.map(presentDownloadRecord), count };
    },
  );

  app.get(
    apiPaths.downloads.recordsCsv,
    {
      onRequest,
      schema: {
        tags: ['downloads'],
        summary: 'Export download records as CSV',
        description:
          'The same filters as the list, every matching record (at most 100,000). Cells that a spreadsheet ' +
          'would run as a formula are prefixed with a quote.',
        querystring: downloadRecordsQuerySchema.omit({ page: true }),
        response: { 200: z.string().describe('text/csv'), ...refusalSchemas() },
      },
    },
    async (request, reply) => {
      const rows = await exportDownloadRecords(app.downloads, request.query);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('cache-control', 'private, no-store')
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="download-records-${day}.csv"`)
        .send(downloadRecordsCsv(rows));
    },
  );
};
