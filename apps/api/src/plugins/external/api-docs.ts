import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * The API reference: the OpenAPI document made from the routes' zod schemas (@fastify/swagger) and
 * its page at /api/docs (@fastify/swagger-ui; the document at /api/docs/json and /api/docs/yaml).
 * Registered before the routes: it collects each one as it is declared.
 */
export const apiDocsPlugin = fp(
  async (app: FastifyInstance, opts: { version: string }) => {
    await app.register(swagger, {
      openapi: {
        info: { title: 'StrideAdmin API', version: opts.version, description: 'Admin portal and mobile-app API' },
        servers: [{ url: '/' }],
        components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  },
  { name: 'api-docs' },
);
