// jsdom for the component tests, with a larger compiled-selector cache in its selector engine (nwsapi).
//
// Why: every computed style jsdom answers matches each rule of the document's CSS, and antd injects more distinct
// selectors than nwsapi's cache holds (1,000). Scanning them in order evicts each one before it comes round again,
// so every role or name query recompiled thousands of selectors: a list's delete test spent 16 of its 20 s there.
// nwsapi keeps the limit in a closure, so it is loaded here, once per test worker, with a larger one, before jsdom
// requires it.
const Module = require('node:module');
const { readFileSync } = require('node:fs');
const { dirname } = require('node:path');

const SELECTOR_CACHE = 50_000;
const file = require.resolve('nwsapi', { paths: [dirname(require.resolve('jsdom'))] });
if (!require.cache[file]) {
  const source = readFileSync(file, 'utf8');
  const sized = source.replace(/\bCACHE_LIMIT = 1000\b/, `CACHE_LIMIT = ${SELECTOR_CACHE}`);
  if (sized === source)
    throw new Error(`${file}: its selector cache limit moved; update tools/jest/jsdom-environment.js`);
  const loaded = new Module(file, module);
  loaded.filename = file;
  loaded.paths = Module._nodeModulePaths(dirname(file));
  loaded._compile(sized, file);
  loaded.loaded = true;
  require.cache[file] = loaded;
}

module.exports = require('jest-environment-jsdom');
