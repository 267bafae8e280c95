export default {
  displayName: 'reseller-routes',
  preset: '../../../jest.preset.js',
  rootDir: '.',
};
