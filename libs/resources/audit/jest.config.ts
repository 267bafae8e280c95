export default {
  displayName: 'resource-audit',
  preset: '../../../jest.preset.js',
  rootDir: '.',
};
