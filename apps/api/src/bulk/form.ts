// Reading a bulk sent as a multipart form: the CSV in "file", the other fields as text.
import type { FastifyRequest } from 'fastify';
import type { Multipart } from '@fastify/multipart';
import { HttpError } from '../lib/http-error';
import { uploadText } from '../lib/uploads';

/** 100,000 numbers as JSON or CSV are a few MiB; the app-wide limit is 1 MiB. */
export const BODY_LIMIT = 12 * 1024 * 1024;

interface FormInput {
  fields: Record<string, string>;
  csv: string | null;
  file_name: string | null;
}

/** A multipart form: its text fields and the CSV in "file". */
export async function readForm(req: FastifyRequest): Promise<FormInput> {
  const out: FormInput = { fields: {}, csv: null, file_name: null };
  try {
    for await (const part of req.parts({
      limits: { fileSize: BODY_LIMIT, files: 1, fields: 10 },
    }) as AsyncIterable<Multipart>) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file')
          throw new HttpError(400, `Send the CSV in the field "file", not "${part.fieldname}"`);
        const text = uploadText(await part.toBuffer());
        if (text === null) throw new HttpError(400, 'The file is not UTF-8 text; save the CSV as UTF-8');
        out.csv = text;
        out.file_name = part.filename;
      } else {
        out.fields[part.fieldname] = String(part.value ?? '');
      }
    }
  } catch (e) {
    if (e instanceof HttpError) throw e;
    const code = (e as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, 'The file is larger than the 12 MiB limit');
    throw new HttpError(400, `The upload is not a valid multipart/form-data body (${(e as Error).message})`);
  }
  return out;
}

/** The multipart field "values": a JSON object of placeholder values (typed in the form). */
export function typedValues(raw: string | undefined): Record<string, string> | undefined {
  if (!raw?.trim()) return undefined;
  let v: unknown;
  try {
    v = JSON.parse(raw);
  } catch {
    throw new HttpError(400, 'values: send the placeholder values as a JSON object, e.g. {"order":"A-12"}');
  }
  if (!v || typeof v !== 'object' || Array.isArray(v) || Object.values(v).some((x) => typeof x !== 'string'))
    throw new HttpError(400, 'values: send the placeholder values as a JSON object of texts, e.g. {"order":"A-12"}');
  return v as Record<string, string>;
}

export function sendAt(v: string | null | undefined): Date | null {
  if (!v) return null;
  const d = new Date(v);
  if (Number.isNaN(d.getTime())) throw new HttpError(400, `send_at: "${v}" is not a date and time`);
  return d;
}
