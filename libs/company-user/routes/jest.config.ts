export default {
  displayName: 'company-user-routes',
  preset: '../../../jest.preset.js',
  rootDir: '.',
};
