export default {
  displayName: 'resource-api-key',
  preset: '../../../jest.preset.js',
  rootDir: '.',
};
