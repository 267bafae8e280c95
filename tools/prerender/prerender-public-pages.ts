// Prerenders the console's public pages from a built index.html: run by the shell's production build
// (tools/webpack/prerender-plugin.ts) in a process of its own, because React and antd must load with
// NODE_ENV=production (antd's class names differ in development) and webpack's process must not.
// Usage: tsx tools/prerender/prerender-public-pages.ts <index.html> <out.json>
import { readFileSync, writeFileSync } from 'node:fs';

async function main() {
  const [input, output] = process.argv.slice(2);
  if (!input || !output) throw new Error('usage: prerender-public-pages.ts <index.html> <out.json>');
  process.env.NODE_ENV = 'production';
  // imported only now: react, react-dom and antd choose their build from NODE_ENV when loaded
  const { prerenderPublicPages } = await import('../../apps/shell/src/prerender/prerender');
  writeFileSync(output, JSON.stringify(prerenderPublicPages(readFileSync(input, 'utf8'))));
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
