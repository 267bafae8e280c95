import base from './jest.config';

/** npm run test:restart: the SIGKILL-mid-bulk test alone, on PGlite and PostgreSQL. */
export default {
  ...base,
  displayName: 'api-restart',
  testPathIgnorePatterns: ['/node_modules/'],
  testMatch: ['<rootDir>/src/bulk/restart.spec.ts'],
  testTimeout: 900000,
};
