// JSON bodies are checked for nesting depth while they are read, before they are parsed: every later walk over a
// body (the input guards, the validator, a handler's own) is recursive, and a body of 100,000 brackets overflowed
// the stack in one of them (a 500) on routes that declare no body schema, and on unknown routes without a session.
import { Transform } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../lib/http-error';

/** Deepest nesting of arrays and objects a JSON body may have; the console's deepest body has 4 levels. */
export const JSON_MAX_DEPTH = 64;

export const jsonDepthMessage = (max = JSON_MAX_DEPTH) =>
  `The JSON body is nested more than ${max} levels deep; send flatter data`;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * Follows the nesting of JSON text as its bytes arrive, in one pass and without a stack (brackets inside strings do
 * not count; UTF-8 continuation bytes are all above 0x7f, so bytes can be read one by one across chunk boundaries).
 */
export class JsonDepthScanner {
  private depth = 0;
  private inString = false;
  private escaped = false;
  constructor(private readonly max = JSON_MAX_DEPTH) {}

  /** false once the text has gone deeper than the limit */
  push(bytes: Uint8Array): boolean {
    for (let i = 0; i < bytes.length; i++) {
      const c = bytes[i];
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (c === BACKSLASH) this.escaped = true;
        else if (c === QUOTE) this.inString = false;
      } else if (c === QUOTE) this.inString = true;
      else if (c === 0x7b || c === 0x5b) {
        if (++this.depth > this.max) return false;
      } else if (c === 0x7d || c === 0x5d) this.depth--;
    }
    return true;
  }
}

/** True when `text` opens more than `max` arrays or objects inside each other. */
export const jsonDeeperThan = (text: string, max = JSON_MAX_DEPTH) =>
  !new JsonDepthScanner(max).push(Buffer.from(text, 'utf8'));

const isJson = (contentType: string | undefined) => {
  const type = (contentType ?? '').split(';')[0].trim().toLowerCase();
  return type === 'application/json' || (type.startsWith('application/') && type.endsWith('+json'));
};

/**
 * A preParsing step: a JSON body passes through a scanner that stops the read with a 400 as soon as it nests too
 * deep. Works for every route and every JSON parser (a scope may keep its own, e.g. one that keeps the raw text).
 */
export function depthLimited(req: FastifyRequest, payload: NodeJS.ReadableStream, max = JSON_MAX_DEPTH) {
  if (!isJson(req.headers['content-type'])) return payload;
  const scanner = new JsonDepthScanner(max);
  const checked = new Transform({
    transform(chunk: Buffer, _enc, done) {
      if (!scanner.push(chunk)) return done(new HttpError(400, jsonDepthMessage(max)));
      done(null, chunk);
    },
  });
  // the body limit counts encoded bytes when a decoder stands before this step
  const encoded = payload as NodeJS.ReadableStream & { receivedEncodedLength?: number };
  if (encoded.receivedEncodedLength !== undefined)
    Object.defineProperty(checked, 'receivedEncodedLength', { get: () => encoded.receivedEncodedLength });
  payload.on('error', (e) => checked.destroy(e));
  return payload.pipe(checked);
}
