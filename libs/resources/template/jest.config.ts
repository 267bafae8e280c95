export default {
  displayName: 'resource-template',
  preset: '../../../jest.preset.js',
  rootDir: '.',
};
