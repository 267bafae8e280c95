export default {
  displayName: 'shared-testing',
  preset: '../../../jest.preset.js',
  testEnvironment: 'node',
  rootDir: '.',
};
