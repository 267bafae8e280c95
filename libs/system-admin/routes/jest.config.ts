export default {
  displayName: 'system-admin-routes',
  preset: '../../../jest.preset.js',
  testEnvironment: 'jsdom',
  rootDir: '.',
};
