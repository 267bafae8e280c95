export default {
  displayName: 'resource-profile',
  preset: '../../../jest.preset.js',
  rootDir: '.',
};
