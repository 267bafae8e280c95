export default {
  displayName: 'resource-company',
  preset: '../../../jest.preset.js',
  rootDir: '.',
};
