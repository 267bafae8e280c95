export default {
  displayName: 'resource-ani-group',
  preset: '../../../jest.preset.js',
  rootDir: '.',
};
