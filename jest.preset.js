// Shared jest settings: ts-jest for TypeScript, and path aliases taken from tsconfig.base.json
// so tests resolve workspace libs exactly as webpack and tsc do.
const path = require('node:path');
const { compilerOptions } = require('./tsconfig.base.json');

const moduleNameMapper = Object.fromEntries(
  Object.entries(compilerOptions.paths).map(([name, [target]]) => [
    `^${name.replace(/[/\\^$*+?.()|[\]{}-]/g, '\\$&')}$`,
    path.join(__dirname, target),
  ]),
);

// some antd packages require another's ES build by path; jest loads CommonJS, so point at the lib build
moduleNameMapper['^@ant-design/colors/es/(.*)$'] = '@ant-design/colors/lib/$1';

module.exports = {
  testMatch: ['<rootDir>/**/*.spec.ts?(x)'],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'json'],
  transform: {
    '^.+\\.tsx?$': [
      'ts-jest',
      {
        tsconfig: {
          jsx: 'react-jsx',
          module: 'commonjs',
          esModuleInterop: true,
          target: 'ES2022',
          isolatedModules: true,
          resolveJsonModule: true,
        },
        diagnostics: false,
      },
    ],
  },
  moduleNameMapper,
  // jsdom with a selector cache that holds antd's CSS (tools/jest/jsdom-environment.js); the API sets 'node'
  testEnvironment: path.join(__dirname, 'tools/jest/jsdom-environment.js'),
  setupFiles: [path.join(__dirname, 'tools/jest/setup-globals.js')],
  setupFilesAfterEnv: [path.join(__dirname, 'tools/jest/setup-dom.js')],
};
