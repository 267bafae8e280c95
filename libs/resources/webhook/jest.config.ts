export default {
  displayName: 'resource-webhook',
  preset: '../../../jest.preset.js',
  rootDir: '.',
};
