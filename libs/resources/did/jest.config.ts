export default {
  displayName: 'resource-did',
  preset: '../../../jest.preset.js',
  rootDir: '.',
};
