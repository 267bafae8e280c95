// Every environment variable the API reads, declared once by area (env-server.ts, env-services.ts,
// env-gateway.ts): its type, default and meaning. The server validates them at start (read-env.ts);
// `.env.example` and the table in apps/api/README.md are generated from this list (tools/scripts/env-docs.ts),
// so the three cannot drift apart.
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import type { Doc } from './env-kinds';
import { SERVER_ENV } from './env-server';
import { SERVICES_ENV } from './env-services';
import { GATEWAY_ENV } from './env-gateway';

export { ENV_URL_FORMAT } from './env-kinds';

// in this order in the generated docs
export const EnvSchema = Type.Object({ ...SERVER_ENV, ...SERVICES_ENV, ...GATEWAY_ENV });

export type EnvConfig = Static<typeof EnvSchema>;
export type EnvName = keyof EnvConfig;

/** A declared variable with its documentation (for the generated docs). */
export interface EnvEntry extends Doc {
  name: EnvName;
  schema: TSchema;
  default?: unknown;
}

export const ENV_ENTRIES: EnvEntry[] = Object.entries(EnvSchema.properties).map(([name, schema]) => {
  const s = schema as unknown as TSchema & Doc & { default?: unknown };
  return {
    name: name as EnvName,
    schema: s,
    description: s.description,
    group: s.group,
    shown: s.shown,
    example: s.example,
    default: s.default,
  };
});
