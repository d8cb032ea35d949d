import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '../../../common/api-paths.js';
import {
  collectionFilesSchema,
  downloadRequestSchema,
  downloadUrlSchema,
  imageFilesSchema,
  listFilesBodySchema,
} from '../../../common/contracts/downloads.js';
import { ServiceError } from '../../lib/errors.js';
import { authorize, refusalSchemas, sessionOf } from '../../plugins/guards.js';
import { downloadRateLimit } from '../../plugins/rate-limits.js';
import { issueDownload, listCollectionFiles, listImageFiles } from '../../services/downloads/downloads.js';

/**
 * The download calls of spec section 7: the image and collection lists and the signed link. Signed in and
 * `allowDownload`, checked on the server for every call; the embargo is checked again here (the brief).
 */
export const downloadFileRoutes: FastifyPluginAsyncZod = async (app) => {
  const onRequest = authorize('download');

  /** The listing calls may name a user (the spec's image listing sends `userId`): only oneself. */
  const checkUserId = (requested: string | undefined, own: string) => {
    if (requested !== undefined && requested !== own) {
      throw new ServiceError('FORBIDDEN', 'body.userId: you can list files only for yourself');
    }
  };

  app.post(
    apiPaths.downloads.listImageFiles,
    {
      onRequest,
      schema: {
        tags: ['downloads'],
        summary: 'List the edge images',
        description:
          'Each configured image with its platform, the controller releases it is for, its size and SHA-256 ' +
          '(null while the file is not in the store) and its checksum file.',
        body: listFilesBodySchema,
        response: { 200: imageFilesSchema, ...refusalSchemas() },
      },
    },
    async (request, reply) => {
      checkUserId(request.body?.userId, sessionOf(request).user.id);
      reply.header('cache-control', 'private, no-store');
      return { imageFiles: await listImageFiles(app.downloads) };
    },
  );

  app.post(
    apiPaths.downloads.listApiFiles,
    {
      onRequest,
      schema: {
        tags: ['downloads'],
        summary: 'List the Postman collections',
        body: listFilesBodySchema,
        response: { 200: collectionFilesSchema, ...refusalSchemas() },
      },
    },
    async (request, reply) => {
      checkUserId(request.body?.userId, sessionOf(request).user.id);
      reply.header('cache-control', 'private, no-store');
      return { collectionFiles: await listCollectionFiles(app.downloads) };
    },
  );

  app.post(
    apiPaths.downloads.download,
    {
      onRequest,
      config: { rateLimit: downloadRateLimit(app.env) },
      schema: {
        tags: ['downloads'],
        summary: 'Issue a signed link to one file',
        description:
          'Takes the download request details of spec section 3. An embargoed deployment or company country ' +
          '(a name or ISO code, any case), for any file type: 403 with the spec section 5 message, before any ' +
          'other check. An image or checksum needs `deploymentCountry`; outside the United States also ' +
          '`companyCountry`, `deploymentAddress1`, `deployementState`, `companyAddress1` and `companyState` ' +
          '(400 naming the field). A Postman collection needs no country. The download is recorded before ' +
          'the link is issued; the link works for 5 minutes.',
        body: downloadRequestSchema,
        response: { 200: downloadUrlSchema, ...refusalSchemas(429) },
      },
    },
    async (request, reply) => {
      const { user } = sessionOf(request);
      const url = await issueDownload(app.downloads, user, {
        request: request.body,
        clientAddress: request.ip,
      });
      reply.header('cache-control', 'no-store');
      return { url };
    },
  );
};
