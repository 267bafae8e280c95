export default {
  displayName: 'resource-user',
  preset: '../../../jest.preset.js',
  rootDir: '.',
};
