import './lib/formats';
export * from './lib/constants';
export * from './lib/common';
export * from './lib/auth';
export * from './lib/accounts';
export * from './lib/files';
export * from './lib/numbers';
