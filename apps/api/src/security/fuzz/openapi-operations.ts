/** The part of an OpenAPI 3 document the fuzzer walks: every operation with its inputs' schemas. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  additionalProperties?: unknown;
}

export interface Operation {
  method: string;
  /** OpenAPI path, e.g. /api_smsc/v1/company/{id} */
  path: string;
  pathParams: { name: string; schema: JsonSchema }[];
  query: { name: string; schema: JsonSchema; required: boolean }[];
  /** JSON body schema; undefined when the operation declares none */
  body?: JsonSchema;
  /** true when the operation takes a body of another kind (multipart upload) or none declared on a write */
  rawBody: boolean;
  /** true when the operation declares a multipart/form-data body (a file upload) */
  multipart: boolean;
  /** true when the operation takes no credentials (security []): it has no tenant to cross */
  isPublic: boolean;
  /** true when the operation takes HTTP Basic credentials only (the Twilio-compatible calls) */
  basicAuth: boolean;
}

interface OpenApiDoc {
  paths?: Record<
    string,
    Record<
      string,
      {
        parameters?: { name: string; in: string; required?: boolean; schema?: JsonSchema }[];
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
        security?: unknown[];
      }
    >
  >;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** Every operation of the document, in a stable order (path, then method). */
export function operationsOf(doc: OpenApiDoc): Operation[] {
  const ops: Operation[] = [];
  for (const path of Object.keys(doc.paths ?? {}).sort()) {
    for (const [method, op] of Object.entries(doc.paths?.[path] ?? {})) {
      if (!METHODS.includes(method)) continue;
      const params = op.parameters ?? [];
      const body = op.requestBody?.content?.['application/json']?.schema;
      ops.push({
        method: method.toUpperCase(),
        path,
        pathParams: params.filter((p) => p.in === 'path').map((p) => ({ name: p.name, schema: p.schema ?? {} })),
        query: params
          .filter((p) => p.in === 'query')
          .map((p) => ({ name: p.name, schema: p.schema ?? {}, required: !!p.required })),
        body,
        rawBody: !body && method !== 'get' && method !== 'delete',
        multipart: !!op.requestBody?.content?.['multipart/form-data'],
        isPublic: Array.isArray(op.security) && op.security.length === 0,
        basicAuth: (op.security ?? []).some((x) => !!x && typeof x === 'object' && 'twilioBasic' in x),
      });
    }
  }
  return ops;
}
