export default {
  displayName: 'resource-rate',
  preset: '../../../jest.preset.js',
  rootDir: '.',
};
