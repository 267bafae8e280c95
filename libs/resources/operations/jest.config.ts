export default {
  displayName: 'resource-operations',
  preset: '../../../jest.preset.js',
  rootDir: '.',
};
