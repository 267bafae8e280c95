export default {
  displayName: 'api',
  preset: '../../jest.preset.js',
  testEnvironment: 'node',
  rootDir: '.',
  // PGlite cold start plus migrations take a few seconds per file.
  testTimeout: 30000,
  // one migrated and seeded PGlite per run that every file copies (src/testing/db-template.ts)
  globalSetup: '<rootDir>/jest.global-setup.ts',
  globalTeardown: '<rootDir>/jest.global-teardown.ts',
  // the SIGKILL restart test of a 10,000-message bulk runs on its own (npm run test:restart: this config with that file matched):
  // minutes long, and red on PGlite today (see the bulk section of apps/api/README.md)
  testPathIgnorePatterns: ['/node_modules/', '/src/bulk/restart\\.spec\\.ts$'],
  // jest runs CommonJS without --experimental-vm-modules: kysely 0.29, content-disposition 3 and cookie 1 (@fastify/static,
  // light-my-request) ship ESM only, and PGlite's CommonJS build still calls import(); babel rewrites them to require.
  transform: {
    '/node_modules/((kysely|content-disposition|cookie)/.+\\.js|@electric-sql/pglite/.+\\.cjs)$': [
      'babel-jest',
      {
        plugins: [
          '@babel/plugin-transform-dynamic-import',
          ['@babel/plugin-transform-modules-commonjs', { strictMode: false }],
        ],
        babelrc: false,
        configFile: false,
        compact: true,
      },
    ],
  },
  transformIgnorePatterns: ['/node_modules/(?!kysely/|content-disposition/|cookie/|@electric-sql/pglite/)'],
};
