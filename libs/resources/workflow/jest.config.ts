export default {
  displayName: 'resource-workflow',
  preset: '../../../jest.preset.js',
  rootDir: '.',
};
