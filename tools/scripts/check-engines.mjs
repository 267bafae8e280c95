// Fails when an installed package declares an `engines.node` range the running Node does not meet
// (npm only warns about it, and only while installing).
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
// semver is not a direct dependency; npm's own range rules are what engines means, so borrow the installed copy
const semver = createRequire(path.join(root, 'package.json'))('semver');

const unmet = [];
let count = 0;
function visit(dir) {
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir)) {
    if (name.startsWith('.')) continue;
    const pkgDir = path.join(dir, name);
    if (name.startsWith('@')) {
      visit(pkgDir);
      continue;
    }
    const file = path.join(pkgDir, 'package.json');
    if (existsSync(file)) {
      count += 1;
      const pkg = JSON.parse(readFileSync(file, 'utf8'));
      const range = pkg.engines?.node;
      if (range && !semver.satisfies(process.version, range))
        unmet.push(`${pkg.name}@${pkg.version} wants node ${range} (${path.relative(root, pkgDir)})`);
    }
    visit(path.join(pkgDir, 'node_modules'));
  }
}
visit(path.join(root, 'node_modules'));
const own = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).engines.node;
if (!semver.satisfies(process.version, own)) unmet.unshift(`this project wants node ${own}`);
console.log(`[engines] ${count} installed packages checked against node ${process.version}: ${unmet.length} not met`);
for (const line of unmet) console.log(`  ${line}`);
if (unmet.length) process.exit(1);
