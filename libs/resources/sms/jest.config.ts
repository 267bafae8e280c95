export default {
  displayName: 'resource-sms',
  preset: '../../../jest.preset.js',
  rootDir: '.',
};
