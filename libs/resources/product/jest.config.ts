export default {
  displayName: 'resource-product',
  preset: '../../../jest.preset.js',
  rootDir: '.',
};
