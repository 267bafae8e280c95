// Fails when production server code (apps/api/src from main.ts, through the libs it imports) loads a package that is
// not a runtime `dependencies` entry: `npm install --omit=dev` (and the release) would then start a server that
// dies with "Cannot find module". Run by `npm test` (lint step) and `npm run release`.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { bundleApi, root } from './api-bundle.mjs';

const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const { packages, inputs } = await bundleApi();
const wrong = [];
for (const name of packages) {
  if (pkg.dependencies?.[name]) continue;
  wrong.push(pkg.devDependencies?.[name] ? `${name} (a devDependency)` : `${name} (not declared)`);
}
// a spec or test helper reached from main.ts would ship test code and its dev-only imports
const testCode = inputs.filter((f) => /\.spec\.ts$|\/testing\//.test(f));
if (testCode.length) console.error(`✗ production server code imports test code:\n  ${testCode.join('\n  ')}`);
if (wrong.length)
  console.error(`✗ production server code imports packages outside "dependencies":\n  ${wrong.join('\n  ')}`);
if (wrong.length || testCode.length) process.exit(1);
console.log(`✓ the server's ${packages.length} runtime packages are all in "dependencies"`);
