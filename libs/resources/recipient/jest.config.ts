export default {
  displayName: 'resource-recipient',
  preset: '../../../jest.preset.js',
  rootDir: '.',
};
