import { Type, type Static } from '@sinclair/typebox';
import { Nullable, Uuid } from './common';
import { API_KEY_SCOPES } from './constants';

const ApiKeyScopeName = Type.Union(API_KEY_SCOPES.map((s) => Type.Literal(s)));

/** A company's API key as listed: never the key itself, only its first characters to recognise it. */
export const ApiKey = Type.Object({
  api_key_uuid: Uuid,
  name: Type.String(),
  prefix: Type.String(),
  created_on: Type.String({ format: 'date-time' }),
  last_used_on: Nullable(Type.String({ format: 'date-time' })),
  created_by_email: Nullable(Type.String()),
  /** what the key may do (constants.ts API_KEY_SCOPES) */
  scopes: Type.Array(ApiKeyScopeName),
  /** a test key (the sandbox, docs/sandbox.md): its sends are never charged nor carried; it starts smsc_test_ */
  sandbox: Type.Boolean(),
  /** set on a key listed although revoked: the platform revoked it when its creator was deactivated */
  revoked_on: Type.Optional(Nullable(Type.String({ format: 'date-time' }))),
  /** 'creator_deactivated': it stays revoked if the creator is reactivated; revoke it to remove it from the list */
  revoked_reason: Type.Optional(Nullable(Type.String())),
});
export type ApiKey = Static<typeof ApiKey>;

/** GET /api_key/list: a page of the company's keys, newest first (API_KEYS_PER_PAGE unless per_page asks). */
export const ApiKeyListQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 0 })),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});
export type ApiKeyListQuery = Static<typeof ApiKeyListQuery>;
/** A company rarely has more keys: the console's list shows them on one page and pages beyond. */
export const API_KEYS_PER_PAGE = 50;

export const ApiKeyList = Type.Object({
  items: Type.Array(ApiKey),
  total: Type.Integer({ minimum: 0 }),
  per_page: Type.Integer({ minimum: 1 }),
  /** the company's Account SID for the Twilio-compatible Messages calls (docs/twilio-compat.md) */
  account_sid: Type.Optional(Type.String()),
});
export type ApiKeyList = Static<typeof ApiKeyList>;

export const ApiKeyCreateBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100 }),
    /** at least one; without it, send (what a key could do before scopes) */
    scopes: Type.Optional(
      Type.Array(ApiKeyScopeName, { minItems: 1, maxItems: API_KEY_SCOPES.length, uniqueItems: true }),
    ),
    /**
     * true: a test key (the sandbox, docs/sandbox.md): its messages are never charged nor handed to a carrier, and
     * magic numbers choose their outcome. Without it, a live key.
     */
    sandbox: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type ApiKeyCreateBody = Static<typeof ApiKeyCreateBody>;

/** The answer to a create: the only time the full key is shown. */
export const ApiKeyCreated = Type.Object({ api_key: ApiKey, key: Type.String() });
export type ApiKeyCreated = Static<typeof ApiKeyCreated>;
