/**
 * How the API writes its answers (issue 26). Each route's response schema is a Zod schema in `core/contracts`;
 * fastify-type-provider-zod's serializer runs the whole schema over every answer (`safeEncode`), input rules
 * included (every string's control-character refinement), then `JSON.stringify`: for a favourites list of 200
 * products that was a fifth of the call's CPU. Here each schema is compiled once, on the route's first answer
 * (compiling all of them at start took 1.3 s of the boot), into a fast-json-stringify function from its JSON Schema (Zod's own `toJSONSchema`, the output side): it writes the
 * declared properties only, as the Zod serializer's stripping did, so nothing a presenter adds by mistake
 * leaves the server. A schema JSON Schema cannot express keeps the Zod serializer.
 */

import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { toJSONSchema, type ZodType } from 'zod';

type ResponseSchema = ZodType | { properties: ZodType };

const zodSchemaOf = (schema: ResponseSchema): ZodType =>
  'properties' in schema ? schema.properties : schema;

/**
 * `additionalProperties: false` goes: fast-json-stringify writes declared properties only whatever it says,
 * but picks a union's branch by validating the value against it, and a value with one more property than
 * declared would match no branch (the Zod serializer stripped it instead).
 */
function withoutClosedObjects(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutClosedObjects);
  if (node === null || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key, value]) => !(key === 'additionalProperties' && value === false))
      .map(([key, value]) => [key, withoutClosedObjects(value)]),
  );
}

/** The JSON Schema of a response, or null when Zod cannot express it in one. */
export function responseJsonSchema(schema: ZodType): Record<string, unknown> | null {
  try {
    const jsonSchema = toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'throw' });
    return withoutClosedObjects(jsonSchema) as Record<string, unknown>;
  } catch {
    return null;
  }
}

function compile(route: Parameters<FastifySerializerCompiler<ResponseSchema>>[0]): (data: unknown) => string {
  const jsonSchema = responseJsonSchema(zodSchemaOf(route.schema));
  if (!jsonSchema) return zodSerializerCompiler(route);
  try {
    return fastJson(jsonSchema as unknown as Parameters<typeof fastJson>[0]) as (data: unknown) => string;
  } catch {
    return zodSerializerCompiler(route);
  }
}

/** Fastify asks for every route's serializer at start; each is built when its route first answers. */
export const responseSerializerCompiler: FastifySerializerCompiler<ResponseSchema> = (route) => {
  let serialize: ((data: unknown) => string) | undefined;
  return (data) => {
    serialize ??= compile(route);
    return serialize(data);
  };
};
