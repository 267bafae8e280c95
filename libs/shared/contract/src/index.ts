export * from './lib/common';
export * from './lib/auth';
