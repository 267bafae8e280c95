export default {
  displayName: 'resource-report',
  preset: '../../../jest.preset.js',
  rootDir: '.',
};
