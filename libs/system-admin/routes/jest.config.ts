export default {
  displayName: 'system-admin-routes',
  preset: '../../../jest.preset.js',
  rootDir: '.',
};
