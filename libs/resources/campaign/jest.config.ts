export default {
  displayName: 'resource-campaign',
  preset: '../../../jest.preset.js',
  rootDir: '.',
};
