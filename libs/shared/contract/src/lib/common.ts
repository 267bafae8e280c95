import { Type, type Static, type TProperties, type TSchema } from '@sinclair/typebox';
import { DATE_BOUND_FORMAT } from './formats';

export const Uuid = Type.String({ format: 'uuid' });

/** List paging of docs/spec.md §7: page from 0, per_page defaulting to 10 unless a list says otherwise. */
export const PageQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 0, default: 0 })),
  per_page: Type.Optional(Type.Integer({ minimum: 1 })),
  order_by: Type.Optional(Type.String({ maxLength: 64 })),
  order_dir: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])),
});
export type PageQuery = Static<typeof PageQuery>;

/** A list's query: the shared paging/ordering fields plus that list's own filters. */
export const ListQuery = <T extends TProperties>(filters: T) => Type.Composite([PageQuery, Type.Object(filters)]);

export const ListPage = <T extends TSchema>(item: T) =>
  Type.Object({ items: Type.Array(item), total: Type.Integer({ minimum: 0 }), per_page: Type.Integer({ minimum: 1 }) });

export interface ListPageOf<T> {
  items: T[];
  total: number;
  per_page: number;
}

/** Columns the database may leave empty answer `null`, never a missing key. */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** A calendar day, YYYY-MM-DD, that exists: 2026-02-30 and 0000-00-00 are refused by the contract. */
export const IsoDate = Type.String({ format: 'date' });

/**
 * A bound of a date filter: a day (the whole day) or an RFC 3339 date-time, either one a real date.
 * Every date a route takes is one of these or a `date-time` string, never a free string.
 */
export const DateBound = Type.String({
  format: DATE_BOUND_FORMAT,
  maxLength: 40,
  description: 'a day (YYYY-MM-DD) or a date-time (RFC 3339)',
});

export const IdParam = Type.Object({ id: Uuid });
export type IdParam = Static<typeof IdParam>;

export const TokenParam = Type.Object({
  token: Type.String({ minLength: 16, maxLength: 128, pattern: '^[A-Za-z0-9_-]+$' }),
});
export type TokenParam = Static<typeof TokenParam>;

export const MessageBody = Type.Object({ message: Type.String() });
export type MessageBody = Static<typeof MessageBody>;

/** Server cap on per_page so a client cannot ask for an unbounded page. */
export const MAX_PER_PAGE = 10000;
