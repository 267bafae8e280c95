// Plain values the console needs at run time, apart from the TypeBox schemas: a browser bundle that
// only needs these leaves TypeBox and every schema out (the console's webpack marks the contract's
// files free of side effects, all but formats.ts; see tools/webpack/federation.ts).
export const API_PREFIX = '/api_smsc/v1';
export const USER_TYPES = ['admin', 'company_admin', 'user', 'reseller'] as const;
export const PASSWORD_MIN_LENGTH = 8;
