export default {
  displayName: 'resource-filter',
  preset: '../../../jest.preset.js',
  rootDir: '.',
};
