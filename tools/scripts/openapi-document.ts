// The API's OpenAPI document as the server builds it: @fastify/swagger over the routes' schemas, on an empty
// in-memory database (the document comes from the routes, not from data). openapi.ts writes it, api-client.ts
// turns it into the typed client's types.
import { build } from '../../apps/api/src/app';

export async function openApiDocument(): Promise<Record<string, unknown>> {
  const app = await build({
    dataDir: 'memory',
    seed: false,
    demoTraffic: false,
    demoBilling: false,
    webRoot: '/nonexistent-web-root',
    smpp: { port: 0, tlsPort: false },
  });
  try {
    await app.ready();
    return app.swagger() as unknown as Record<string, unknown>;
  } finally {
    await app.close();
  }
}
