import { Type, type Static } from '@sinclair/typebox';
import { Nullable, Uuid } from './common';

// A reseller's brand (white label) and the host names it is served on (issue #48). The platform's own brand is
// the row without a reseller, set by the system admin.

const Timestamp = Type.String({ format: 'date-time' });
const Text = (maxLength: number) => Type.String({ maxLength });
const HEX = '^#[0-9a-fA-F]{6}$';

/** Uploaded images travel as data URLs: raster types only (an SVG can carry script), size-limited by length. */
export const BRAND_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/x-icon'] as const;
const IMAGE_URL = '^data:image/(png|jpeg|webp|x-icon);base64,[A-Za-z0-9+/]+={0,2}$';
/** ~96 KB of image in base64 for a logo, ~24 KB for a favicon */
export const LOGO_MAX_CHARS = 131_072;
export const FAVICON_MAX_CHARS = 32_768;

export const BrandInput = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 80 }),
    /** antd's colorPrimary; white text on it must reach 4.5:1 (checked by the server, previewed by the console) */
    primary_color: Type.String({ pattern: HEX }),
    mail_from_name: Nullable(Text(80)),
    mail_from_address: Nullable(Type.String({ format: 'email', maxLength: 254 })),
    support_email: Nullable(Type.String({ format: 'email', maxLength: 254 })),
    support_phone: Nullable(Text(40)),
    legal_footer: Nullable(Text(1000)),
    /** a data URL; absent keeps the stored image, null removes it */
    logo: Type.Optional(Nullable(Type.String({ pattern: IMAGE_URL, maxLength: LOGO_MAX_CHARS }))),
    favicon: Type.Optional(Nullable(Type.String({ pattern: IMAGE_URL, maxLength: FAVICON_MAX_CHARS }))),
  },
  { additionalProperties: false },
);
export type BrandInput = Static<typeof BrandInput>;

/** A brand as the console shows it; images by URL (public: a login page shows them before anyone signs in). */
export const Brand = Type.Object({
  /** null: the platform's own brand */
  reseller_uuid: Nullable(Uuid),
  name: Type.String(),
  primary_color: Type.String(),
  mail_from_name: Nullable(Type.String()),
  mail_from_address: Nullable(Type.String()),
  support_email: Nullable(Type.String()),
  support_phone: Nullable(Type.String()),
  legal_footer: Nullable(Type.String()),
  logo_url: Nullable(Type.String()),
  favicon_url: Nullable(Type.String()),
  /** true while the owner has saved nothing: the platform's brand (or the built-in one) stands in */
  is_default: Type.Boolean(),
  updated_on: Nullable(Timestamp),
});
export type Brand = Static<typeof Brand>;

export const BrandOwnerQuery = Type.Object({
  /** the system admin names a reseller to read or set its brand; absent: the caller's own (admin: the platform's) */
  reseller_uuid: Type.Optional(Uuid),
});
export type BrandOwnerQuery = Static<typeof BrandOwnerQuery>;

export const BrandImageParams = Type.Object({
  owner: Type.Union([Uuid, Type.Literal('platform')]),
  kind: Type.Union([Type.Literal('logo'), Type.Literal('favicon')]),
});
export type BrandImageParams = Static<typeof BrandImageParams>;

/** A host name a reseller serves its brand on, verified by a DNS TXT record. */
export const BrandDomain = Type.Object({
  domain_uuid: Uuid,
  reseller_uuid: Uuid,
  host: Type.String(),
  /** the TXT record to create: its name and value */
  txt_name: Type.String(),
  txt_value: Type.String(),
  status: Type.Union([Type.Literal('pending'), Type.Literal('verified')]),
  verified_on: Nullable(Timestamp),
  last_check: Nullable(Type.String()),
  created_on: Timestamp,
});
export type BrandDomain = Static<typeof BrandDomain>;

/** a host name (any case: stored lower-cased) */
const HOST = '^(?=.{4,253}$)([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z]{2,63}$';
export const BrandDomainCreate = Type.Object(
  { host: Type.String({ pattern: HOST, maxLength: 253 }), reseller_uuid: Type.Optional(Uuid) },
  { additionalProperties: false },
);
export type BrandDomainCreate = Static<typeof BrandDomainCreate>;

/** The TXT record's name: `_smsc-verify.<host>` */
export const BRAND_TXT_PREFIX = '_smsc-verify';

/** WCAG relative luminance of a #rrggbb colour. */
export function luminance(hex: string): number {
  const n = parseInt(hex.slice(1), 16);
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin((n >> 16) & 255) + 0.7152 * lin((n >> 8) & 255) + 0.0722 * lin(n & 255);
}

/** WCAG contrast ratio of two #rrggbb colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** The dark theme's surface (antd's dark algorithm) and the AA ratio for text. */
export const DARK_SURFACE = '#141414';
export const TEXT_CONTRAST = 4.5;

const mix = (hex: string, toward: number, t: number) => {
  const n = parseInt(hex.slice(1), 16);
  const ch = (c: number) => Math.round(c + (toward - c) * t);
  const rgb = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map(ch);
  return `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
};

/**
 * The brand's primary colour as text on the dark surface (links, selected items): the colour lightened toward
 * white until it reaches AA there. Buttons keep the colour itself, with white text on it.
 */
export function darkTextColor(primary: string): string {
  for (let t = 0; t <= 1; t += 0.05) {
    const c = mix(primary, 255, t);
    if (contrastRatio(c, DARK_SURFACE) >= TEXT_CONTRAST) return c;
  }
  return '#ffffff';
}

/** A darker shade for hover, so hovered white-on-primary text stays readable (as the console's own tokens do). */
export const hoverColor = (primary: string) => mix(primary, 0, 0.25);

/** Why a primary colour cannot be a brand's, or null: white text on it (buttons, and links on white) below AA. */
export function primaryColorProblem(primary: string): string | null {
  const ratio = contrastRatio(primary, '#ffffff');
  return ratio >= TEXT_CONTRAST
    ? null
    : `White text on this colour is ${ratio.toFixed(1)}:1; choose a darker colour (at least ${TEXT_CONTRAST}:1)`;
}
