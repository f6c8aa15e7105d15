import fastJson from 'fast-json-stringify';
import type { FastifySchemaCompiler, FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { toJSONSchema, ZodType } from 'zod';

type RouteSchema = Parameters<FastifySchemaCompiler<unknown>>[0];

/**
 * The answers' serializer (docs/decisions/0018-request-path.md): each route's response schema (zod,
 * from the contract) as JSON Schema, compiled by fast-json-stringify — Fastify's own serializer —
 * into a function that writes that shape's JSON directly, instead of zod checking the whole answer
 * and JSON.stringify writing it on every call. Same bytes: the schema's properties in its order,
 * properties it does not name left out (as zod strips them), a missing required one an error (500).
 *
 * A schema that changes values on the way out (a transform, a codec, a date) has no JSON Schema:
 * it keeps zod's serializer. Compiled on a route's first answer, not at start.
 */
export const responseSerializerCompiler: FastifySerializerCompiler<unknown> = (route) => {
  const schema = route.schema;
  if (!(schema instanceof ZodType)) return zodSerializerCompiler(route as RouteSchema & { schema: ZodType });
  let serialize: ((data: unknown) => string) | undefined;
  return (data) => {
    serialize ??= compile(route as RouteSchema & { schema: ZodType });
    return serialize(data);
  };
};

function compile(route: RouteSchema & { schema: ZodType }): (data: unknown) => string {
  let json: Record<string, unknown>;
  try {
    json = toJSONSchema(route.schema, { io: 'output', target: 'draft-07', unrepresentable: 'throw' });
  } catch {
    return zodSerializerCompiler(route) as (data: unknown) => string;
  }
  delete json.$schema;
  return fastJson(json);
}
