export default {
  displayName: 'shared-session',
  preset: '../../../jest.preset.js',
  testEnvironment: 'jsdom',
  rootDir: '.',
};
