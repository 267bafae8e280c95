// The `smpp` package reads a PDU's command_length and then that many bytes. It refuses more than
// PDU.maxLength (16,384), but a length under the 16-byte header makes it ask the stream for zero or fewer
// bytes: the session then waits for ever on a read that cannot complete, holding its socket. Such a length is a
// malformed PDU: an error of that session (which ends it), like any other it cannot read.
import * as smpp from 'smpp';

/** The smallest PDU: command_length, command_id, command_status and sequence_number. */
export const PDU_HEADER_BYTES = 16;

let guarded = false;

/** Makes every session of this process refuse a command_length outside 16..PDU.maxLength (idempotent). */
export function guardCommandLength(): void {
  if (guarded) return;
  guarded = true;
  const read = smpp.PDU.commandLength;
  smpp.PDU.commandLength = (stream) => {
    const length = read(stream);
    if (length !== false && length < PDU_HEADER_BYTES)
      throw new Error(`PDU length was too small (${length}, minimum is ${PDU_HEADER_BYTES})`);
    return length;
  };
}
