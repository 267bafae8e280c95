import { Type, type Static } from '@sinclair/typebox';
import { ListQuery, Nullable, Uuid } from './common';

// Numbers (DIDs) of docs/spec.md §7. A number is kept in E.164 ("+12125550100").
const Timestamp = Type.String({ format: 'date-time' });
const Digits = (min: number, max: number) => Type.String({ pattern: `^[0-9]{${min},${max}}$` });

export const DID_TYPES = ['sms', 'voice', 'sms_voice'] as const;
export const DidType = Type.Union(DID_TYPES.map((t) => Type.Literal(t)));
/** ANI: the number may be a sender; DNIS: it only receives. */
export const DID_ANI_TYPES = ['ani', 'dnis'] as const;
export const DidAniType = Type.Union(DID_ANI_TYPES.map((t) => Type.Literal(t)));
export const TOLL_FREE_PREFIXES = ['800', '833', '844', '855', '866', '877', '888'] as const;

/** A number as typed by a person: digits with optional +, spaces, dashes, dots, brackets. */
export const PhoneInput = Type.String({ minLength: 7, maxLength: 24, pattern: '^[+0-9 ().-]+$' });

export const Did = Type.Object({
  did_uuid: Uuid,
  did: Type.String(),
  type: DidType,
  did_type: DidAniType,
  is_toll_free: Type.Boolean(),
  area_code: Type.String(),
  state: Nullable(Type.String()),
  country_uuid: Nullable(Uuid),
  is_assigned: Type.Boolean(),
  description: Type.String(),
  monthly_price: Type.String(),
  vendor_uuid: Nullable(Uuid),
  reseller_uuid: Nullable(Uuid),
  reseller_name: Nullable(Type.String()),
  company_uuid: Nullable(Uuid),
  company_name: Nullable(Type.String()),
  user_uuid: Nullable(Uuid),
  user_name: Nullable(Type.String()),
  created_on: Timestamp,
});
export type Did = Static<typeof Did>;
export const DidPayload = Type.Object({ did: Did });
export type DidPayload = Static<typeof DidPayload>;

const Bool = Type.Boolean();
export const DidListQuery = ListQuery({
  did: Type.Optional(Type.String({ maxLength: 40 })),
  country_uuid: Type.Optional(Uuid),
  type: Type.Optional(DidType),
  did_type: Type.Optional(DidAniType),
  area_code: Type.Optional(Digits(1, 4)),
  is_assigned: Type.Optional(Bool),
  is_toll_free: Type.Optional(Bool),
  vendor: Type.Optional(Uuid),
  reseller: Type.Optional(Uuid),
  company_uuid: Type.Optional(Uuid),
});
export type DidListQuery = Static<typeof DidListQuery>;
export const DidCompanyListQuery = ListQuery({
  did: Type.Optional(Type.String({ maxLength: 40 })),
  type: Type.Optional(DidType),
  user_id: Type.Optional(Uuid),
  company_uuid: Type.Optional(Uuid),
  is_toll_free: Type.Optional(Bool),
  did_type: Type.Optional(DidAniType),
});
export type DidCompanyListQuery = Static<typeof DidCompanyListQuery>;

/** A number's id in a path: its uuid or the number itself (spec: PATCH /did/{did}). */
export const DidParam = Type.Object({ did: Type.String({ minLength: 7, maxLength: 40 }) });
export type DidParam = Static<typeof DidParam>;
/** PATCH /did/{id}: the number or its uuid, named `id` like the other calls on that path (one path in the contract) */
export const DidIdParam = Type.Object({ id: Type.String({ minLength: 7, maxLength: 40 }) });

const Price = Type.String({ pattern: '^[0-9]{1,6}(\\.[0-9]{1,4})?$' });
export const DidCreateBody = Type.Object({
  did: PhoneInput,
  type: Type.Optional(DidType),
  did_type: Type.Optional(DidAniType),
  description: Type.Optional(Type.String({ maxLength: 200 })),
  monthly_price: Type.Optional(Price),
  vendor_uuid: Type.Optional(Nullable(Uuid)),
  reseller_uuid: Type.Optional(Nullable(Uuid)),
  company_uuid: Type.Optional(Nullable(Uuid)),
});
export type DidCreateBody = Static<typeof DidCreateBody>;
export const DidPatchBody = Type.Partial(Type.Omit(DidCreateBody, ['did']), { minProperties: 1 });
export type DidPatchBody = Static<typeof DidPatchBody>;
export const DidAssignBody = Type.Object({ user_uuid: Nullable(Uuid) });
export type DidAssignBody = Static<typeof DidAssignBody>;

export const DidImportBody = Type.Object({
  csv: Type.String({ minLength: 1, maxLength: 1_000_000 }),
  /** the uploaded file's name, for the import log */
  file_name: Type.Optional(Type.String({ maxLength: 200 })),
  reseller_uuid: Type.Optional(Nullable(Uuid)),
  vendor_uuid: Type.Optional(Nullable(Uuid)),
});
export type DidImportBody = Static<typeof DidImportBody>;
export const DidImportResult = Type.Object({
  imported: Type.Integer(),
  lines: Type.Array(Type.Object({ line: Type.Integer(), did: Type.String() })),
});
export type DidImportResult = Static<typeof DidImportResult>;

/** The numbers to delete, always named: an empty body once meant every free number in scope. */
export const MassDeleteBody = Type.Object({ items: Type.Array(Uuid, { minItems: 1, maxItems: 10000 }) });
export type MassDeleteBody = Static<typeof MassDeleteBody>;
export const CountResult = Type.Object({ count: Type.Integer() });

/** Search of the inventory provider's free numbers. */
export const DidSearchQuery = Type.Object({
  npa: Type.Optional(Digits(3, 3)),
  state: Type.Optional(Type.String({ pattern: '^[A-Za-z]{2}$' })),
  lata: Type.Optional(Digits(3, 3)),
  pattern: Type.Optional(Type.String({ maxLength: 10, pattern: '^[0-9*]*$' })),
  count: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 10 })),
});
export type DidSearchQuery = Static<typeof DidSearchQuery>;
export const TfSearchQuery = Type.Object({
  prefix: Type.Optional(Type.Union(TOLL_FREE_PREFIXES.map((p) => Type.Literal(p)))),
  pattern: Type.Optional(Type.String({ maxLength: 10, pattern: '^[0-9*]*$' })),
  count: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 10 })),
});
export type TfSearchQuery = Static<typeof TfSearchQuery>;
export const AvailableNumber = Type.Object({
  did: Type.String(),
  area_code: Type.String(),
  state: Nullable(Type.String()),
  place: Nullable(Type.String()),
  is_toll_free: Type.Boolean(),
  monthly_price: Type.String(),
  /** what the number can do, as its provider says: text, picture messages, calls */
  capabilities: Type.Object({ sms: Type.Boolean(), mms: Type.Boolean(), voice: Type.Boolean() }),
});
export type AvailableNumber = Static<typeof AvailableNumber>;
export const AvailableNumbers = Type.Object({ items: Type.Array(AvailableNumber) });

export const DidOrderBody = Type.Object({
  numbers: Type.Array(PhoneInput, { minItems: 1, maxItems: 100 }),
  /** The system admin or a reseller orders for one of its companies; a company admin always for its own. */
  company_uuid: Type.Optional(Uuid),
});
export type DidOrderBody = Static<typeof DidOrderBody>;
export const DidOrderResult = Type.Object({ items: Type.Array(Did) });
export type DidOrderResult = Static<typeof DidOrderResult>;
export const DidDisconnectBody = Type.Object({ numbers: Type.Array(PhoneInput, { minItems: 1, maxItems: 100 }) });
export type DidDisconnectBody = Static<typeof DidDisconnectBody>;

export const NanpState = Type.Object({
  code: Type.String(),
  name: Type.String(),
  country: Type.String(),
  npa_count: Type.Integer(),
});
export type NanpState = Static<typeof NanpState>;
export const Npa = Type.Object({ npa: Type.String(), state: Nullable(Type.String()), place: Type.String() });
export type Npa = Static<typeof Npa>;
export const Lata = Type.Object({
  lata: Type.String(),
  name: Type.String(),
  state: Type.String(),
  npas: Type.Array(Type.String()),
});
export type Lata = Static<typeof Lata>;
export const TfPrefix = Type.Object({ prefix: Type.String() });
export const NpaListQuery = Type.Object({ state: Type.Optional(Type.String({ pattern: '^[A-Za-z]{2}$' })) });
