export default { displayName: 'shell', preset: '../../jest.preset.js', testEnvironment: 'jsdom', rootDir: '.' };
