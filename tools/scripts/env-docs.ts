// `npm run env-docs`: writes `.env.example` and the variable tables of apps/api/README.md from the
// declarations in apps/api/src/config/env.ts. `--check` only reports drift (exit 1), for CI.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { envDocs } from '../../apps/api/src/config/env-docs-files';

async function main() {
  const root = path.resolve(__dirname, '../..');
  const check = process.argv.includes('--check');
  let stale = 0;
  for (const { file, text } of await envDocs(root)) {
    const current = existsSync(path.join(root, file)) ? readFileSync(path.join(root, file), 'utf8') : '';
    if (current === text) continue;
    stale += 1;
    if (check) console.error(`${file} is out of date: run npm run env-docs`);
    else {
      writeFileSync(path.join(root, file), text);
      console.log(`wrote ${file}`);
    }
  }
  if (check && stale) process.exit(1);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
