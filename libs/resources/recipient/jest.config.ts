export default {
  displayName: 'resource-recipient',
  preset: '../../../jest.preset.js',
  testEnvironment: 'jsdom',
  rootDir: '.',
};
