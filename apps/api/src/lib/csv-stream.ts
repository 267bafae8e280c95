// The shared RFC 4180 rules (libs/shared/util parseCsvRecords) read chunk by chunk, so an import can stop at
// its row cap without holding, or even receiving, the rest of the file.
import { CsvError, type CsvRecord } from '@smsc/shared-util';
import { HttpError } from './http-error';

/** An incremental CSV parser: push text as it arrives, take the records completed so far. */
export class CsvStream {
  private fields: string[] = [];
  private field = '';
  private line = 1;
  private start = 1;
  private quotedAt = 0;
  private sawQuote = false;
  /** a quote inside a quoted field that must see the next character (another quote, or the end of the field) */
  private closing = false;
  /** a \r whose \n may be the first character of the next chunk */
  private afterCr = false;
  private first = true;
  private out: CsvRecord[] = [];

  private endRecord() {
    this.fields.push(this.field);
    if (this.sawQuote || this.fields.length > 1 || this.fields[0].trim() !== '')
      this.out.push({ line: this.start, fields: this.fields });
    this.fields = [];
    this.field = '';
    this.sawQuote = false;
  }

  /** Parses `chunk` and answers the records it completed. Throws a CsvError naming the line of a malformed one. */
  push(chunk: string): CsvRecord[] {
    let src = chunk;
    if (this.first && src.length) {
      if (src.startsWith('\uFEFF')) src = src.slice(1);
      this.first = false;
    }
    for (let i = 0; i < src.length; i++) {
      const c = src[i];
      if (this.afterCr) {
        this.afterCr = false;
        if (c === '\n') continue;
      }
      if (this.closing) {
        this.closing = false;
        if (c === '"') {
          this.field += '"';
          continue;
        }
        this.quotedAt = 0;
        if (c !== ',' && c !== '\n' && c !== '\r')
          throw new CsvError(this.line, 'unexpected text after a closing quote');
      }
      if (this.quotedAt) {
        if (c === '"') this.closing = true;
        else {
          if (c === '\n') this.line++;
          this.field += c;
        }
        continue;
      }
      if (c === '"' && this.field.trim() === '') {
        this.quotedAt = this.line;
        this.sawQuote = true;
        this.field = '';
        continue;
      }
      if (c === '"')
        throw new CsvError(this.line, 'a quote inside an unquoted field (quote the whole field and double the quote)');
      if (c === ',') {
        this.fields.push(this.field);
        this.field = '';
        continue;
      }
      if (c === '\r' || c === '\n') {
        this.endRecord();
        this.afterCr = c === '\r';
        this.line++;
        this.start = this.line;
        continue;
      }
      this.field += c;
    }
    return this.take();
  }

  /** Ends the text: the last record, or the error of a quote never closed. */
  end(): CsvRecord[] {
    if (this.closing) {
      this.closing = false;
      this.quotedAt = 0;
    }
    if (this.quotedAt) throw new CsvError(this.quotedAt, 'a quoted field is never closed');
    this.endRecord();
    return this.take();
  }

  private take() {
    const done = this.out;
    this.out = [];
    return done;
  }
}

/**
 * The records of a text arriving in chunks, as they complete. The consumer may stop at any point (a row
 * cap); the source is then not read further. A malformed file answers 400 naming its line.
 */
export async function* csvRecords(chunks: AsyncIterable<string> | Iterable<string>): AsyncGenerator<CsvRecord> {
  const parser = new CsvStream();
  try {
    for await (const chunk of chunks) yield* parser.push(chunk);
    yield* parser.end();
  } catch (e) {
    if (e instanceof CsvError) throw new HttpError(400, e.message);
    throw e;
  }
}

/** A string in slices, so a text already in memory is parsed the same incremental way. */
export function* slices(text: string, size = 64 * 1024): Generator<string> {
  for (let i = 0; i < text.length; i += size) yield text.slice(i, i + size);
}

/** UTF-8 bytes to text chunk by chunk; invalid UTF-8 or a NUL byte is refused as not text. */
export async function* utf8Chunks(bytes: AsyncIterable<Buffer>): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const notText = () => new HttpError(400, 'The file is not UTF-8 text; save the CSV as UTF-8');
  try {
    for await (const b of bytes) {
      const text = decoder.decode(b, { stream: true });
      if (text.includes('\0')) throw notText();
      yield text;
    }
    const tail = decoder.decode();
    if (tail.includes('\0')) throw notText();
    yield tail;
  } catch (e) {
    if (e instanceof TypeError) throw notText();
    throw e;
  }
}
