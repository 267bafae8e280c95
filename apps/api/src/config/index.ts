// The API's configuration: the environment's variables declared and checked (env.ts, read-env.ts) and the
// values any module may read. The build options a test or main.ts passes, resolved into the AppConfig every
// plugin reads as app.config, are build-options.ts: they name each domain's options, so they are imported
// from there by the composition root alone, and a domain importing this file never leads back to itself.
export { REPO_ROOT, parsePasswordHashCost, parseTrustProxy, type TrustProxy } from './values';
export { EnvSchema, ENV_ENTRIES, type EnvConfig, type EnvEntry, type EnvName } from './env';
export { ConfigError, loadEnv, originList, readEnv } from './read-env';
