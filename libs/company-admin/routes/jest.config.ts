export default {
  displayName: 'company-admin-routes',
  preset: '../../../jest.preset.js',
  rootDir: '.',
};
