export default {
  displayName: 'shared-ui',
  preset: '../../../jest.preset.js',
  rootDir: '.',
};
