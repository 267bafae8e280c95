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
  setupFiles: [path.join(__dirname, 'tools/jest/setup-globals.js')],
  setupFilesAfterEnv: [path.join(__dirname, 'tools/jest/setup-dom.js')],
};
