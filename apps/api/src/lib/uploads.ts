import type { FastifyRequest } from 'fastify';
import type { Multipart } from '@fastify/multipart';
import { HttpError } from './http-error';

export interface Upload {
  filename: string;
  mimetype: string;
  data: Buffer;
}

const MiB = 1024 * 1024;
const sizeText = (bytes: number) =>
  bytes >= MiB ? `${+(bytes / MiB).toFixed(1)} MiB` : `${Math.round(bytes / 1024)} KiB`;

/**
 * Reads the one file of a multipart/form-data request from `field`. Every way the upload can be wrong
 * (not multipart, no file, a second file, too large, truncated or garbled form) is a 4xx whose message
 * says what to do: the multipart layer's own errors would otherwise read "reach files limit" or, for
 * a broken form, surface as a 500.
 */
export async function readUpload(req: FastifyRequest, field: string, maxBytes: number): Promise<Upload> {
  if (!req.isMultipart()) throw new HttpError(415, `Send the file as multipart/form-data in the field "${field}"`);
  let upload: Upload | undefined;
  try {
    for await (const part of req.parts({
      limits: { fileSize: maxBytes, files: 1, fields: 10, parts: 11 },
    }) as AsyncIterable<Multipart>) {
      if (part.type !== 'file') continue;
      const data = await part.toBuffer();
      if (part.fieldname !== field)
        throw new HttpError(400, `Send the file in the field "${field}", not "${part.fieldname}"`);
      upload = { filename: part.filename, mimetype: part.mimetype.split(';')[0].trim().toLowerCase(), data };
    }
  } catch (err) {
    if (err instanceof HttpError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new HttpError(413, `The file is larger than the ${sizeText(maxBytes)} limit`);
    if (code === 'FST_FILES_LIMIT') throw new HttpError(400, 'Send one file per request');
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw new HttpError(413, 'The form has too many fields');
    throw new HttpError(400, `The upload is not a valid multipart/form-data body (${(err as Error).message})`);
  }
  if (!upload) throw new HttpError(400, `The form has no file in the field "${field}"`);
  if (upload.data.length === 0) throw new HttpError(400, 'The file is empty');
  return upload;
}

/**
 * Hands the one file of a multipart/form-data request in `field` to `consume` as it arrives, instead of
 * buffering it: `consume` may stop early (a row cap), and the rest of the file is then never read. The
 * same refusals as readUpload; a file over `maxBytes` is a 413 as soon as the limit is passed.
 */
export async function streamUpload<T>(
  req: FastifyRequest,
  field: string,
  maxBytes: number,
  consume: (bytes: AsyncIterable<Buffer>) => Promise<T>,
): Promise<T> {
  if (!req.isMultipart()) throw new HttpError(415, `Send the file as multipart/form-data in the field "${field}"`);
  const tooLarge = () => new HttpError(413, `The file is larger than the ${sizeText(maxBytes)} limit`);
  try {
    for await (const part of req.parts({
      limits: { fileSize: maxBytes, files: 1, fields: 10, parts: 11 },
    }) as AsyncIterable<Multipart>) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== field)
        throw new HttpError(400, `Send the file in the field "${field}", not "${part.fieldname}"`);
      const file = part.file;
      let size = 0;
      async function* bytes() {
        for await (const chunk of file as AsyncIterable<Buffer>) {
          if (file.truncated) throw tooLarge();
          size += chunk.length;
          yield chunk;
        }
        if (file.truncated) throw tooLarge();
        if (size === 0) throw new HttpError(400, 'The file is empty');
      }
      try {
        return await consume(bytes());
      } catch (err) {
        // stopped early (a row cap, a bad line): the rest of the body is dropped unparsed, not fed to the form parser
        req.raw.unpipe();
        req.raw.resume();
        throw err;
      }
    }
  } catch (err) {
    if (err instanceof HttpError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (code === 'FST_FILES_LIMIT') throw new HttpError(400, 'Send one file per request');
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw new HttpError(413, 'The form has too many fields');
    throw new HttpError(400, `The upload is not a valid multipart/form-data body (${(err as Error).message})`);
  }
  throw new HttpError(400, `The form has no file in the field "${field}"`);
}

/** Decodes an upload as UTF-8 text; binary content (invalid UTF-8 or NUL bytes) is refused. */
export function uploadText(data: Buffer): string | null {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(data);
    return text.includes('\0') ? null : text;
  } catch {
    return null;
  }
}
