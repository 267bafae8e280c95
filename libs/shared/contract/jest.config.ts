export default {
  displayName: 'shared-contract',
  preset: '../../../jest.preset.js',
  testEnvironment: 'node',
  rootDir: '.',
};
