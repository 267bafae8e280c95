export default {
  displayName: 'resource-smpp-account',
  preset: '../../../jest.preset.js',
  rootDir: '.',
};
