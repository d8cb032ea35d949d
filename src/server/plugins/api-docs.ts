import { apiPaths } from '../../common/api-paths.js';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

export const API_DOCS_PREFIX = apiPaths.system.docs;

/**
 * OpenAPI document generated from the routes' zod schemas, and Swagger UI at `/api/docs` (JSON at
 * `/api/docs/json`). Must be registered before the routes so it sees them.
 */
export async function registerApiDocs(app: FastifyInstance, options: { productName: string }): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: `${options.productName} support portal API`,
        description:
          'API of the support portal. The browser app is its main client; all calls are same-origin.',
        version: '1',
      },
      tags: [
        { name: 'aggregator', description: 'Content shown on the home page and in search' },
        { name: 'assistant', description: 'The built-in assistant of /chatbot and its conversations' },
        { name: 'auth', description: 'Sign-in, signup and sessions' },
        { name: 'chat', description: 'Which chat /chatbot shows' },
        { name: 'downloads', description: 'Edge images, API collections and the export-control trail' },
        { name: 'helpdesk', description: "The built-in help desk's authorization page" },
        { name: 'notices', description: 'Support notices, their readers, audit trail and live changes' },
        { name: 'storage', description: "The built-in object store's signed URLs" },
        { name: 'system', description: 'Health and readiness probes' },
        {
          name: 'tickets',
          description: 'The Ticket Portal: requests, replies, internal notes and due times',
        },
      ],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: API_DOCS_PREFIX,
    // The validator badge loads an image from validator.swagger.io, which our CSP (img-src 'self' data:)
    // blocks; the document is generated from our own schemas anyway.
    uiConfig: { validatorUrl: null, deepLinking: true },
    // Swagger UI's page and bundle need no inline script, so the app-wide CSP from helmet applies unchanged
    // (staticCSP off). Its inline style attributes are covered by style-src 'unsafe-inline'.
    staticCSP: false,
  });
}
