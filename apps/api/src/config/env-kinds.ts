// The kinds of value an environment variable takes, each carrying the documentation the generated docs show.
import { FormatRegistry, Type, type TLiteral } from '@sinclair/typebox';

/** an absolute URL with a scheme (http, https, postgres, smtp…) */
export const ENV_URL_FORMAT = 'env-url';
if (!FormatRegistry.Has(ENV_URL_FORMAT))
  FormatRegistry.Set(ENV_URL_FORMAT, (v) => {
    try {
      return /^[a-z][a-z0-9+.-]*:\/\//i.test(v) && Boolean(new URL(v));
    } catch {
      return false;
    }
  });

/** Where a variable is listed in the generated docs. */
export type Group =
  'Server' | 'Database' | 'Security' | 'Mail' | 'Jobs' | 'Payments' | 'Gateway' | 'Kannel' | 'Operations';

export interface Doc {
  description: string;
  group: Group;
  /** the default in words when it is computed at start (a path, another variable) */
  shown?: string;
  /** a value for `.env.example` when there is no default */
  example?: string;
}

export const int = (min: number, doc: Doc & { default?: number; maximum?: number }) =>
  Type.Integer({ minimum: min, ...doc });
export const num = (min: number, max: number, doc: Doc & { default?: number }) =>
  Type.Number({ minimum: min, maximum: max, ...doc });
export const bool = (doc: Doc & { default: boolean }) => Type.Boolean(doc);
export const str = (doc: Doc & { default?: string }) => Type.String({ minLength: 1, ...doc });
export const url = (doc: Doc & { default?: string }) => Type.String({ format: ENV_URL_FORMAT, ...doc });
export const oneOf = <const T extends string>(values: readonly T[], doc: Doc & { default: NoInfer<T> }) =>
  Type.Union(values.map((v) => Type.Literal(v)) as TLiteral<T>[], doc);
