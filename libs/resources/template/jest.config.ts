export default {
  displayName: 'resource-template',
  preset: '../../../jest.preset.js',
  testEnvironment: 'jsdom',
  rootDir: '.',
};
