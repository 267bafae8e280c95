import fs from 'node:fs';
import path from 'node:path';
import webpack from 'webpack';

const facadeFile = path.join(__dirname, 'react-router-facade.mjs');

/**
 * The request shared as 'react-router' (see the facade's top comment). A bare request, not a file
 * path: a path would also be provided inside html-webpack-plugin's child compilation, which then
 * emits a stray copy of the router.
 */
export const reactRouterFacade = 'smsc-react-router-facade';

const reactRouterRoot = path.dirname(require.resolve('react-router/package.json'));

/** The installed react-router's version: the facade file sits outside the package, so it is given. */
export const reactRouterVersion: string = JSON.parse(
  fs.readFileSync(path.join(reactRouterRoot, 'package.json'), 'utf8'),
).version;

/** The facade's request, and the one it imports from: the production build, not the development one. */
export const reactRouterAlias = {
  [`${reactRouterFacade}$`]: facadeFile,
  'react-router-production$': path.join(reactRouterRoot, 'dist/production/index.mjs'),
};

export function facadeExports(source = fs.readFileSync(facadeFile, 'utf8')): Set<string> {
  const names = new Set<string>();
  for (const [, list] of source.matchAll(/export\s*\{([^}]*)\}/g)) {
    for (const name of list.split(',').map((s) => s.trim()).filter(Boolean)) names.add(name);
  }
  return names;
}

interface ImportLike {
  request?: string;
  ids?: string[];
}

/**
 * Fails the build when code imports a react-router name the shared facade does not export: a
 * consumed shared module has no known exports, so webpack would otherwise let it be undefined at
 * run time.
 */
export class ReactRouterFacadeCheck {
  apply(compiler: webpack.Compiler): void {
    const exported = facadeExports();
    compiler.hooks.compilation.tap('ReactRouterFacadeCheck', (compilation) => {
      compilation.hooks.finishModules.tap('ReactRouterFacadeCheck', (modules) => {
        const missing = new Map<string, string>();
        for (const module of modules) {
          for (const dep of module.dependencies as ImportLike[]) {
            const name = dep.request === 'react-router' && Array.isArray(dep.ids) ? dep.ids[0] : undefined;
            if (name && !exported.has(name)) missing.set(name, (module as webpack.NormalModule).resource ?? module.identifier());
          }
        }
        for (const [name, where] of missing) {
          compilation.errors.push(
            new webpack.WebpackError(`'${name}' from 'react-router' (in ${where}) is not exported by tools/webpack/react-router-facade.mjs: add it there`),
          );
        }
      });
    });
  }
}
