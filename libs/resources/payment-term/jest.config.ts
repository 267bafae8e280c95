export default {
  displayName: 'resource-payment-term',
  preset: '../../../jest.preset.js',
  rootDir: '.',
};
