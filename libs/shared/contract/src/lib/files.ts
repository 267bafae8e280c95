import { Type, type Static } from '@sinclair/typebox';
import { Uuid } from './common';

/** Largest upload POST /file accepts (413 above it). */
export const FILE_MAX_BYTES = 5 * 1024 * 1024;

/**
 * Content types POST /file accepts. SVG and HTML are left out on purpose: served back from our origin
 * they could run script.
 */
export const FILE_CONTENT_TYPES = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'application/pdf',
  'text/csv',
  'text/plain',
] as const;
export type FileContentType = (typeof FILE_CONTENT_TYPES)[number];

/** The stored upload's record (the bytes themselves come from GET /file/{id}). */
export const FileRecord = Type.Object({
  uuid: Uuid,
  name: Type.String(),
  size: Type.Integer({ minimum: 0 }),
  content_type: Type.Union(FILE_CONTENT_TYPES.map((t) => Type.Literal(t))),
  created_on: Type.String({ format: 'date-time' }),
});
export type FileRecord = Static<typeof FileRecord>;
