import { FILE_CONTENT_TYPES, type FileContentType } from '@smsc/shared-contract';
import { uploadText } from './uploads';

// Leading bytes of each binary type: the declared type must match the content, so a script saved as
// "photo.png" is refused rather than stored.
const SIGNATURES: Partial<Record<FileContentType, (b: Buffer) => boolean>> = {
  'image/png': (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  'image/jpeg': (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  'image/gif': (b) => ['GIF87a', 'GIF89a'].includes(b.subarray(0, 6).toString('latin1')),
  'image/webp': (b) =>
    b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  'application/pdf': (b) => b.subarray(0, 5).toString('latin1') === '%PDF-',
};

export const isAllowedType = (t: string): t is FileContentType => (FILE_CONTENT_TYPES as readonly string[]).includes(t);

/** True when the bytes are what the content type claims (text types: UTF-8 without NUL bytes). */
export function contentMatches(type: FileContentType, data: Buffer): boolean {
  const check = SIGNATURES[type];
  return check ? check(data) : uploadText(data) !== null;
}

/** Images display in the page; everything else downloads, so nothing uploaded is rendered as a document. */
export function contentDisposition(type: string, name: string): string {
  const kind = type.startsWith('image/') ? 'inline' : 'attachment';
  const ascii = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

/** Keeps only the base name, without control characters, at most 255 characters. */
export function cleanFileName(raw: string): string {
  // eslint-disable-next-line no-control-regex
  const base = (raw.split(/[\\/]/).pop() ?? '').replace(/[\x00-\x1f\x7f]/g, '').trim();
  return base.slice(0, 255) || 'file';
}
