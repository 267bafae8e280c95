// Who a campaign run sends to and with what: each recipient's placeholder values, and the jobs split by zone.
import { fillText, unfilledMessage } from '@smsc/shared-util';
import { FieldError } from '../lib/http-error';

type Values = { values?: Record<string, string> | null };

/** A recipient's placeholder values: the campaign's typed values, then its name when it is a saved recipient. */
export function recipientFields(c: Values, r: { recipient_name: string | null }): Record<string, string> {
  return { ...(c.values ?? {}), ...(r.recipient_name ? { name: r.recipient_name } : {}) };
}

/** Refuses a run that would leave a placeholder unfilled for some recipient (400 naming it and the first such number). */
export function unfilledFor(
  c: Values,
  text: string,
  recipients: { number: string; recipient_name: string | null }[],
): void {
  for (const r of recipients) {
    const { missing } = fillText(text, { number: r.number, ...recipientFields(c, r) });
    if (missing.length)
      throw new FieldError({
        values: `${unfilledMessage(missing)}: ${r.number} (a typed number carries only {number}; a saved recipient also {name})`,
      });
  }
}

/** Splits a send group by recipient zone (in first-seen order): each zone's job keeps its own quiet hours. */
export function byZone<T extends { number: string }>(
  g: { send_at: Date; recipients: T[] },
  zoneOf: (n: string) => string,
): { send_at: Date; zone: string; recipients: T[] }[] {
  const zones = new Map<string, T[]>();
  for (const r of g.recipients) {
    const z = zoneOf(r.number);
    const list = zones.get(z);
    if (list) list.push(r);
    else zones.set(z, [r]);
  }
  return [...zones.entries()].map(([zone, recipients]) => ({ send_at: g.send_at, zone, recipients }));
}
