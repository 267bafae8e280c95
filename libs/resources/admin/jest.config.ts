export default {
  displayName: 'resource-admin',
  preset: '../../../jest.preset.js',
  rootDir: '.',
};
