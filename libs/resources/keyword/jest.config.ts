export default {
  displayName: 'resource-keyword',
  preset: '../../../jest.preset.js',
  rootDir: '.',
};
