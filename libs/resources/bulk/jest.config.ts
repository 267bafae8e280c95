export default {
  displayName: 'resource-bulk',
  preset: '../../../jest.preset.js',
  testEnvironment: 'jsdom',
  rootDir: '.',
};
