import { HttpError } from '../lib/http-error';

interface RouteBodySchema {
  content?: Record<string, unknown>;
}

/** The media types a route's body schema names in its `content` map; null for a plain (JSON) schema. */
export function declaredBodyTypes(body: unknown): string[] | null {
  const content = (body as RouteBodySchema | undefined)?.content;
  return content && typeof content === 'object' ? Object.keys(content).map((t) => t.toLowerCase()) : null;
}

/**
 * Refuses (415) a body whose media type the route does not declare, before it is read. Fastify parses
 * text/plain by default, so without this a CSV import handed `text/plain` met a string where it
 * expected `{ csv }` or a multipart form, and answered 500. Requests without a body pass.
 */
export function checkBodyType(req: {
  headers: Record<string, string | string[] | undefined>;
  routeOptions: { schema?: { body?: unknown } };
  server: { hasContentTypeParser(type: string): boolean };
}) {
  const body = req.routeOptions.schema?.body;
  const header = req.headers['content-type'];
  if (!body || typeof header !== 'string' || header === '') return;
  const type = header.split(';')[0].trim().toLowerCase();
  const declared = declaredBodyTypes(body);
  // a plain schema takes JSON, or a type its scope added a parser for (a browser form); never the built-in text/plain
  const accepted = declared ?? ['application/json'];
  if (accepted.includes(type)) return;
  if (!declared && type !== 'text/plain' && req.server.hasContentTypeParser(type)) return;
  throw new HttpError(415, `Unsupported content-type "${type}" for this call; send ${accepted.join(' or ')}`);
}
