import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createJsonSchemaTransformObject, jsonSchemaTransform } from 'fastify-type-provider-zod';
import { nameSharedSchemas } from './api-components.js';

/** The sections of the reference: each call is under one of them (its route schema's `tags`). */
const tags = [
  { name: 'health', description: 'Probes and status of the server: anyone.' },
  {
    name: 'auth',
    description:
      'Signing in and out, registering an app account, the sessions of an account, and the links e-mailed to reset a password or verify an address.',
  },
  { name: 'users', description: 'The accounts of app users and staff, and their coins (administrators).' },
  { name: 'profile', description: 'The signed-in administrator’s own profile and password.' },
  { name: 'uploads', description: 'Images: a URL to upload one to, and the stored files.' },
  { name: 'gift-cards', description: 'Gift cards: one by one, imported from CSV, exported (administrators).' },
  { name: 'quiz', description: 'The quiz questions of the app (administrators).' },
  {
    name: 'gift-boxes',
    description: 'Gift-box configs, the boxes placed by hand on the map, and the map’s settings (administrators).',
  },
  { name: 'notifications', description: 'Push notifications to app users (administrators).' },
  { name: 'complaint-queries', description: 'The complaint queries app users send (administrators).' },
  { name: 'dashboard', description: 'The home dashboard’s figures (administrators).' },
  { name: 'search', description: 'Quick search over users and gift cards (administrators).' },
  { name: 'audit', description: 'The audit log of every administrator’s change, read only (administrators).' },
  {
    name: 'app',
    description:
      'The mobile app’s calls: steps, quiz, gift boxes, the gift-card catalogue, coins, messages, the inbox, and the app user’s own account (app users).',
  },
];

/**
 * The API reference: the OpenAPI document made from the routes' zod schemas (@fastify/swagger) and
 * its page at /api/docs (@fastify/swagger-ui; the document at /api/docs/json and /api/docs/yaml).
 * Registered before the routes: it collects each one as it is declared. The shapes many calls
 * share are named once under components.schemas (api-components.ts). It passes Spectral's OpenAPI
 * rules with no warning (.spectral.yaml, `npm run api:lint`).
 */
export const apiDocsPlugin = fp(
  async (app: FastifyInstance, opts: { version: string; publicUrl: string }) => {
    nameSharedSchemas();
    const withComponents = createJsonSchemaTransformObject({});
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'StrideAdmin API',
          version: opts.version,
          description: 'The API of the StrideAdmin administrator portal and of the walking-and-rewards mobile app.',
          contact: { name: 'The administrators of this StrideAdmin server', url: opts.publicUrl },
        },
        servers: [{ url: '/' }],
        tags,
        components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      },
      transform: jsonSchemaTransform,
      transformObject: (document) => {
        const openapi = withComponents(document);
        const { paths, components } = openapi as { paths?: unknown; components?: { schemas?: Schemas } };
        listNullInNullableEnums(openapi);
        if (components?.schemas) dropUnreferencedSchemas(paths, components.schemas);
        return openapi;
      },
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  },
  { name: 'api-docs' },
);

type Schemas = Record<string, unknown>;

/** Every object of a JSON value, depth first. */
function* objectsOf(value: unknown): Generator<Record<string, unknown>> {
  if (Array.isArray(value)) for (const item of value) yield* objectsOf(item);
  else if (value !== null && typeof value === 'object') {
    yield value as Record<string, unknown>;
    for (const child of Object.values(value)) yield* objectsOf(child);
  }
}

/**
 * An enum that allows null lists null among its values (OpenAPI 3.0: `nullable` alone does not
 * admit a value the enum leaves out), so that a default of null is one of its values.
 */
function listNullInNullableEnums(document: unknown): void {
  for (const schema of objectsOf(document)) {
    if (schema.nullable === true && Array.isArray(schema.enum) && !schema.enum.includes(null)) {
      schema.enum = [...(schema.enum as unknown[]), null];
    }
  }
}

const schemaRef = '#/components/schemas/';

/**
 * Leaves in components.schemas only those a call refers to, directly or through another: a named
 * shape is listed as a request shape too (`NameInput`), which no call may take.
 */
function dropUnreferencedSchemas(paths: unknown, schemas: Schemas): void {
  const referenced = new Set<string>();
  const visit = (value: unknown) => {
    for (const node of objectsOf(value)) {
      const ref = node.$ref;
      if (typeof ref !== 'string' || !ref.startsWith(schemaRef)) continue;
      const name = ref.slice(schemaRef.length);
      if (referenced.has(name) || !(name in schemas)) continue;
      referenced.add(name);
      visit(schemas[name]);
    }
  };
  visit(paths);
  for (const name of Object.keys(schemas)) if (!referenced.has(name)) delete schemas[name];
}
