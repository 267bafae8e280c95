export default {
  displayName: 'resource-brand',
  preset: '../../../jest.preset.js',
  rootDir: '.',
};
