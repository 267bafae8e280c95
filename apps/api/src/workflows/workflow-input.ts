// What a saved workflow's body must hold: numbers that parse, and (for a reminder) a text it can fill alone.
import { fillText, unfilledMessage } from '@smsc/shared-util';
import { FieldError } from '../lib/http-error';
import { parseRecipientNumber } from '../messaging-content';

/** The typed numbers, each checked and written one way, repeats dropped; 400 naming the bad ones. */
export function recipientNumbers(typed: readonly string[]): string[] {
  const bad: string[] = [];
  const out: string[] = [];
  for (const raw of typed) {
    const n = parseRecipientNumber(raw);
    if (!n) bad.push(`"${raw}"`);
    else if (!out.includes(n)) out.push(n);
  }
  if (bad.length)
    throw new FieldError({
      numbers: `${bad.slice(0, 20).join(', ')} ${bad.length === 1 ? 'is not a valid phone number' : 'are not valid phone numbers'}`,
    });
  return out;
}

/** A reminder goes out on its own, with nothing to fill its text but each number: other placeholders are refused when saved. */
export function reminderText(text: string): string {
  const missing = fillText(text, { number: '+1' }).missing;
  if (missing.length)
    throw new FieldError({ text: `Text: ${unfilledMessage(missing)} (a reminder fills only {number})` });
  return text;
}
