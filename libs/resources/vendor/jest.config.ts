export default {
  displayName: 'resource-vendor',
  preset: '../../../jest.preset.js',
  rootDir: '.',
};
