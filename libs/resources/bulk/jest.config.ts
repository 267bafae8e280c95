export default {
  displayName: 'resource-bulk',
  preset: '../../../jest.preset.js',
  rootDir: '.',
};
