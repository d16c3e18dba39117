import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * Collects every route's Zod contract into an OpenAPI 3 document, served at GET /api/openapi.json.
 * Register before the routes (it records them as they are added).
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Фреш API',
        version: '1.0.0',
        description:
          'Storefront API of Фреш. Money is in kopecks. Every failure answers {success:false, message, errors?} ' +
          'with a Russian message for a person.',
      },
    },
    transform: jsonSchemaTransform,
    hideUntagged: true,
  });
}

/** The document itself, inside the /api prefix. */
export async function openApiRoutes(api: FastifyInstance): Promise<void> {
  api.get('/openapi.json', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('Cache-Control', 'public, max-age=300');
    return api.swagger();
  });
}
