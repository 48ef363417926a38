import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { openApiOptions } from './openapi';

/** The OpenAPI document (generated from the routes' schemas) and its reader at /docs. */
export async function registerDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, openApiOptions());
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    staticCSP: true,
    // The docs are served over plain http on localhost too: never ask the browser to upgrade their requests.
    transformStaticCSP: (header) => header.replace(/upgrade-insecure-requests;?/, ''),
  });
}
