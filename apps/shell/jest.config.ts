export default { displayName: 'shell', preset: '../../jest.preset.js', rootDir: '.' };
