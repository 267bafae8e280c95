import fs from 'node:fs';
import path from 'node:path';
import webpack from 'webpack';

/**
 * Shared modules are not tree-shaken: a package shared whole ships every export, used or not. A
 * facade is a file of named re-exports (only the names the workspace uses, from the package's
 * production build) shared under the package's name instead. Every app still imports the package
 * by name; `FacadeCheck` fails the build when code imports a name its facade does not list, since a
 * consumed shared module has no known exports and the name would be undefined at run time.
 */
export interface Facade {
  /** the package request apps import, e.g. 'react-router' */
  request: string;
  /** the bare request shared as the package (a file path would also be provided inside html-webpack-plugin's child compilation) */
  shareImport: string;
  /** the facade file, next to this one */
  file: string;
  /** the request the facade re-exports from, and the file it resolves to */
  source: string;
  sourceFile: string;
  version: string;
}

function facade(request: string, name: string, sourcePath: string): Facade {
  const root = path.dirname(require.resolve(`${request}/package.json`));
  return {
    request,
    shareImport: `smsc-${name}-facade`,
    file: path.join(__dirname, `${name}-facade.mjs`),
    source: `${name}-production`,
    sourceFile: path.join(root, sourcePath),
    version: JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).version,
  };
}

export const FACADES: Facade[] = [
  facade('react-router', 'react-router', 'dist/production/index.mjs'),
  facade('@reduxjs/toolkit', 'redux-toolkit', 'dist/redux-toolkit.modern.mjs'),
];

/** resolve.alias entries: each facade's bare request, and the build it re-exports from. */
export function facadeAliases(): Record<string, string> {
  return Object.fromEntries(
    FACADES.flatMap((f) => [
      [`${f.shareImport}$`, f.file],
      [`${f.source}$`, f.sourceFile],
    ]),
  );
}

export function facadeExports(source: string): Set<string> {
  const names = new Set<string>();
  for (const [, list] of source.matchAll(/export\s*\{([^}]*)\}/g)) {
    for (const name of list
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean))
      names.add(name);
  }
  return names;
}

interface ImportLike {
  request?: string;
  ids?: string[];
}

export class FacadeCheck {
  apply(compiler: webpack.Compiler): void {
    const exported = new Map(
      FACADES.map((f) => [f.request, { file: f.file, names: facadeExports(fs.readFileSync(f.file, 'utf8')) }]),
    );
    compiler.hooks.compilation.tap('FacadeCheck', (compilation) => {
      compilation.hooks.finishModules.tap('FacadeCheck', (modules) => {
        const missing = new Map<string, string>();
        for (const module of modules) {
          for (const dep of module.dependencies as ImportLike[]) {
            const facade = dep.request ? exported.get(dep.request) : undefined;
            const name = facade && Array.isArray(dep.ids) ? dep.ids[0] : undefined;
            if (facade && name && !facade.names.has(name)) {
              missing.set(
                `'${name}' from '${dep.request}'`,
                `${(module as webpack.NormalModule).resource ?? module.identifier()}: add it to ${path.relative(process.cwd(), facade.file)}`,
              );
            }
          }
        }
        for (const [what, where] of missing)
          compilation.errors.push(
            new webpack.WebpackError(`${what} is not exported by its shared facade (in ${where})`),
          );
      });
    });
  }
}
