/**
 * The routes of `/api/openapi.json` as the fuzzer needs them: method, path template, parameters and the JSON
 * schema of a body. Only the parts of OpenAPI 3 that @fastify/swagger writes for our Zod contracts.
 */

export type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
  propertyNames?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
  $ref?: string;
};

export type Parameter = {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  schema: JsonSchema;
};

export type Operation = {
  /** 'POST /api/orders/{slug}/cancel', as in the document. */
  key: string;
  method: string;
  /** Path template with `{name}` (and `{*}` for a wildcard). */
  path: string;
  params: Parameter[];
  /** The JSON body's schema, when the route takes one. */
  jsonBody?: JsonSchema;
  /** The route takes a multipart upload (the document does not describe it: Zod has no schema for it). */
  multipart: boolean;
};

type OpenApiDocument = {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { name: string; in: string; required?: boolean; schema?: JsonSchema }[];
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
      }
    >
  >;
  components?: { schemas?: Record<string, JsonSchema> };
};

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

/** Inlines `#/components/schemas/…` references (the document is small; there are no cycles in it). */
function resolveRefs(schema: unknown, components: Record<string, JsonSchema>, depth = 0): unknown {
  if (depth > 40 || schema === null || typeof schema !== 'object') return schema;
  if (Array.isArray(schema)) return schema.map((item) => resolveRefs(item, components, depth + 1));
  const record = schema as Record<string, unknown>;
  if (typeof record.$ref === 'string') {
    const name = record.$ref.replace('#/components/schemas/', '');
    return resolveRefs(components[name] ?? {}, components, depth + 1);
  }
  return Object.fromEntries(
    Object.entries(record).map(([key, value]) => [key, resolveRefs(value, components, depth + 1)]),
  );
}

export function operationsOf(document: OpenApiDocument): Operation[] {
  const components = document.components?.schemas ?? {};
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      if (!METHODS.has(method)) continue;
      const params: Parameter[] = (operation.parameters ?? [])
        .filter((parameter) => ['path', 'query', 'header'].includes(parameter.in))
        .map((parameter) => ({
          name: parameter.name,
          in: parameter.in as Parameter['in'],
          required: parameter.required ?? false,
          schema: resolveRefs(parameter.schema ?? {}, components) as JsonSchema,
        }));
      const json = operation.requestBody?.content?.['application/json']?.schema;
      operations.push({
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        params,
        ...(json ? { jsonBody: resolveRefs(json, components) as JsonSchema } : {}),
        multipart: method === 'post' && /\/upload$/.test(path),
      });
    }
  }
  return operations;
}
