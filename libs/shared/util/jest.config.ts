export default {
  displayName: 'shared-util',
  preset: '../../../jest.preset.js',
  testEnvironment: 'node',
  rootDir: '.',
};
