export default {
  displayName: 'api',
  preset: '../../jest.preset.js',
  testEnvironment: 'node',
  rootDir: '.',
  // PGlite cold start plus migrations take a few seconds per file.
  testTimeout: 30000,
};
