export default {
  displayName: 'resource-billing',
  preset: '../../../jest.preset.js',
  rootDir: '.',
};
