// Writes the API's OpenAPI document as the running server builds it (@fastify/swagger over the routes' schemas,
// with the operation ids, security, problems and webhooks of plugins/openapi.ts) to a file, for `redocly lint`
// (tools/scripts/openapi-lint.mjs) and anyone generating a client.
//   npx tsx tools/scripts/openapi.ts [out-file]        default dist/openapi.json
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { openApiDocument } from './openapi-document';

async function main() {
  const out = path.resolve(process.argv[2] ?? 'dist/openapi.json');
  const doc = await openApiDocument();
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(doc, null, 2)}\n`);
  console.log(`wrote ${path.relative(process.cwd(), out)}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
