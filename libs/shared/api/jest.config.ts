export default {
  displayName: 'shared-api',
  preset: '../../../jest.preset.js',
  rootDir: '.',
};
