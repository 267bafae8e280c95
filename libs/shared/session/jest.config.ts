export default {
  displayName: 'shared-session',
  preset: '../../../jest.preset.js',
  rootDir: '.',
};
