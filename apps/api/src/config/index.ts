// The API's configuration: the environment's variables declared and checked (env.ts, read-env.ts), and
// the build options a test or main.ts passes, resolved into the AppConfig every plugin reads as app.config.
export {
  REPO_ROOT,
  parsePasswordHashCost,
  parseTrustProxy,
  resolveConfig,
  type AppConfig,
  type BuildOptions,
  type TrustProxy,
} from './build-options';
export { EnvSchema, ENV_ENTRIES, type EnvConfig, type EnvEntry, type EnvName } from './env';
export { ConfigError, loadEnv, originList, readEnv } from './read-env';
