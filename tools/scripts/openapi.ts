// Writes the API's OpenAPI document as the running server builds it (@fastify/swagger over the routes' schemas,
// with the operation ids, security, problems and webhooks of plugins/openapi.ts) to a file, for `redocly lint`
// (tools/scripts/openapi-lint.mjs) and anyone generating a client.
//   npx tsx tools/scripts/openapi.ts [out-file]        default dist/openapi.json
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from '../../apps/api/src/app';

async function main() {
  const out = path.resolve(process.argv[2] ?? 'dist/openapi.json');
  // an empty in-memory database: the document comes from the routes, not from data
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
    mkdirSync(path.dirname(out), { recursive: true });
    writeFileSync(out, `${JSON.stringify(app.swagger(), null, 2)}\n`);
    console.log(`wrote ${path.relative(process.cwd(), out)}`);
  } finally {
    await app.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
