export default {
  displayName: 'resource-smsc',
  preset: '../../../jest.preset.js',
  rootDir: '.',
};
