import { Value } from '@sinclair/typebox/value';
import type { TSchema } from '@sinclair/typebox';
import { ENV_ENTRIES, EnvSchema, type EnvConfig } from './env';

/** One or more variables with values the server cannot use; the message names each of them. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function expected(s: TSchema & { minimum?: number; maximum?: number; anyOf?: { const: string }[] }): string {
  const range =
    s.minimum !== undefined && s.maximum !== undefined
      ? ` from ${s.minimum} to ${s.maximum}`
      : s.minimum !== undefined
        ? ` ≥ ${s.minimum}`
        : '';
  if (s.type === 'integer') return `a whole number${range}`;
  if (s.type === 'number') return `a number${range}`;
  if (s.type === 'boolean') return '`true` or `false`';
  if (s.anyOf) return `one of ${s.anyOf.map((a) => a.const).join(', ')}`;
  if (s.format) return 'an absolute URL (scheme://…)';
  return 'a non-empty text';
}

/**
 * The declared variables from an environment, converted, defaulted and checked. An empty value counts as
 * unset (as the shell's `X=` does). Throws a ConfigError naming every bad variable and what it expects.
 */
export function readEnv(env: NodeJS.ProcessEnv): EnvConfig {
  const raw: Record<string, string> = {};
  for (const { name } of ENV_ENTRIES) {
    const v = env[name];
    if (v !== undefined && v.trim() !== '') raw[name] = v.trim();
  }
  const value = Value.Default(EnvSchema, Value.Convert(EnvSchema, { ...raw })) as Record<string, unknown>;
  const bad = new Set<string>();
  for (const err of Value.Errors(EnvSchema, value)) bad.add(err.path.split('/')[1]);
  if (bad.size)
    throw new ConfigError(
      ENV_ENTRIES.filter((e) => bad.has(e.name)).map(
        (e) => `${e.name}=${JSON.stringify(raw[e.name] ?? '')}: expected ${expected(e.schema)}`,
      ),
    );
  return value as EnvConfig;
}

/** The process's environment, checked: the one place the server reads process.env (docs/api-architecture.md). */
export const loadEnv = (): EnvConfig => readEnv(process.env);

/** A comma-separated list of origins (CORS_ORIGINS, CSP_REMOTE_ORIGINS). */
export const originList = (v: string | undefined) =>
  (v ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);
