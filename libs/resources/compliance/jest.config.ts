export default {
  displayName: 'resource-compliance',
  preset: '../../../jest.preset.js',
  rootDir: '.',
};
