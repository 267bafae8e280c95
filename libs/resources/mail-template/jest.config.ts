export default {
  displayName: 'resource-mail-template',
  preset: '../../../jest.preset.js',
  rootDir: '.',
};
