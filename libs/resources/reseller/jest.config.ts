export default {
  displayName: 'resource-reseller',
  preset: '../../../jest.preset.js',
  rootDir: '.',
};
