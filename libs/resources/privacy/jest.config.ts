export default {
  displayName: 'resource-privacy',
  preset: '../../../jest.preset.js',
  rootDir: '.',
};
