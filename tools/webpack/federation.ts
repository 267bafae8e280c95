import path from 'node:path';
import fs from 'node:fs';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import webpack from 'webpack';
import type { Configuration } from 'webpack';
import type {} from 'webpack-dev-server';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import { sharedModules } from './shared-modules';
import { FacadeCheck, facadeAliases } from './shared-facades';
import { PrecompressPlugin } from './precompress-plugin';

export const workspaceRoot = path.resolve(__dirname, '../..');

/** Path aliases come from tsconfig.base.json so webpack, jest and tsc resolve libs the same way. */
export function workspaceAliases(): Record<string, string> {
  const base = JSON.parse(fs.readFileSync(path.join(workspaceRoot, 'tsconfig.base.json'), 'utf8'));
  const paths: Record<string, string[]> = base.compilerOptions.paths;
  return Object.fromEntries(
    Object.entries(paths).map(([name, [target]]) => [`${name}$`, path.join(workspaceRoot, target)]),
  );
}

export interface AppOptions {
  /** project folder under apps/, e.g. "system-admin" */
  project: string;
  /** federation container name: must be an identifier */
  name: string;
  /** modules this app exposes (remotes only) */
  exposes?: Record<string, string>;
  /** dev-server port */
  port: number;
  title: string;
  /** runtime plugins, resolved from the app folder */
  runtimePlugins?: string[];
  extraPlugins?: webpack.WebpackPluginInstance[];
}

export function federatedApp(options: AppOptions, argv: { mode?: string } = {}): Configuration {
  const mode = argv.mode === 'development' ? 'development' : 'production';
  const appRoot = path.join(workspaceRoot, 'apps', options.project);
  const isProd = mode === 'production';
  return {
    mode,
    context: appRoot,
    entry: { main: './src/main.ts' },
    devtool: isProd ? false : 'eval-cheap-module-source-map',
    output: {
      // WEBPACK_OUTPUT_DIR lets a test redeploy one remote into a running server's web root
      path: process.env.WEBPACK_OUTPUT_DIR ?? path.join(workspaceRoot, 'dist/apps', options.project),
      publicPath: 'auto',
      filename: isProd ? '[name].[contenthash:16].js' : '[name].js',
      chunkFilename: isProd ? '[name].[contenthash:16].js' : '[name].js',
      uniqueName: options.name,
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
      alias: { ...workspaceAliases(), ...facadeAliases() },
    },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          loader: 'ts-loader',
          // Type errors are caught once by the workspace `tsc` target; bundling stays fast.
          options: { transpileOnly: true, configFile: path.join(workspaceRoot, 'tsconfig.base.json') },
        },
        {
          // The contract's files only declare schemas and constants, so a bundle that uses a
          // constant (constants.ts) leaves TypeBox and the unused schemas out. formats.ts registers
          // TypeBox string formats for Value.Check, which no browser bundle runs: the index that
          // imports it is side-effect free too, or a landing that needs one constant would evaluate
          // every schema module the index was concatenated with (TypeBox, ~10 KB gz, in each remote).
          test: /[\\/]libs[\\/]shared[\\/]contract[\\/]src[\\/].*\.ts$/,
          exclude: /[\\/]formats\.ts$/,
          sideEffects: false,
        },
        {
          // These antd building blocks declare no sideEffects, so webpack kept every module their index
          // files import. They have none: antd's Input reads a context from @rc-component/form (the whole
          // field store and async-validator came with it), and antd's colour helpers import the color
          // picker's. Marked side-effect free: /login 245.9 -> 229.4 KB gz, role homes -11 KB (the data screens'
          // landings +2.5 KB: what /login no longer fetches comes with the data kit instead).
          test: /[\\/]node_modules[\\/]@rc-component[\\/](form|color-picker|trigger|util|motion)[\\/]/,
          sideEffects: false,
        },
      ],
    },
    performance: { hints: false },
    optimization: {
      moduleIds: isProd ? 'deterministic' : 'named',
      ...(process.env.NO_MINIFY ? { minimize: false } : {}),
    },
    plugins: [
      new webpack.DefinePlugin({
        'process.env.NODE_ENV': JSON.stringify(mode),
        'process.env.REMOTE_LABEL': JSON.stringify(process.env.REMOTE_LABEL ?? ''),
      }),
      new ModuleFederationPlugin({
        name: options.name,
        filename: 'remoteEntry.js',
        exposes: options.exposes,
        remotes: {},
        shared: sharedModules(),
        shareStrategy: 'loaded-first',
        runtimePlugins: (options.runtimePlugins ?? []).map((p) => path.join(appRoot, p)),
        dts: false,
        manifest: false,
        // Runtime code the console never runs, left out of every remoteEntry and the shell: the snapshot plugin serves
        // mf-manifest remotes (ours are remoteEntry URLs from /remotes.json), node targets, and, in a remote, loading
        // other remotes (only the shell loads remotes).
        experiments: {
          optimization: { disableSnapshot: true, target: 'web', ...(options.exposes ? { disableRemote: true } : {}) },
        },
      }),
      new HtmlWebpackPlugin({
        template: path.join(workspaceRoot, 'tools/webpack/index.html'),
        title: options.title,
        chunks: ['main'],
        publicPath: '/',
      }),
      new FacadeCheck(),
      ...(options.extraPlugins ?? []),
      ...(isProd ? [new PrecompressPlugin()] : []),
    ],
    devServer: {
      port: options.port,
      historyApiFallback: true,
      hot: false,
      headers: { 'Access-Control-Allow-Origin': '*' },
      proxy: [{ context: ['/api_smsc', '/remotes.json'], target: process.env.API_URL ?? 'http://127.0.0.1:3000' }],
    },
  };
}
