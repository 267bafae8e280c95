// The SMS pipeline's decisions as one pure function over facts the service has looked up, so every
// block reason and the price arithmetic are tested without Fastify or a database. The order of the
// checks is the order the reasons are reported in: the first that fails names the message's block.
import type { BlockReason, SmsEncoding } from '@smsc/shared-contract';
import type { Quote } from '../../catalog';
import { formatMoney } from '../../lib/money';

export interface SendFacts {
  /** the ANI is one of the company's sending numbers (its DIDs of type ani, or later an ANI group member) */
  senderAllowed: boolean;
  /** the destination in E.164 ("+4915112345678"), null when libphonenumber says it is not a number */
  destination: string | null;
  /** the template hook's verdict: undefined when no template was named */
  template?: { ok: true } | { ok: false; message: string };
  /** the destination is on the company's suppression list (manual or STOP) */
  suppressed: boolean;
  /** the stop-text filter the text matched, null when none */
  filterHit: string | null;
  segments: number;
  encoding: SmsEncoding;
  /** the catalog's quote for one part; null when the company has no product */
  quote: Quote | null;
  /** a guard's refusal found before any price (destination_not_allowed, pumping_suspected); docs/guards.md */
  guard?: { reason: BlockReason; message: string } | null;
  /** the sender lacks the registration the destination requires (docs/compliance.md): what to file */
  unregistered?: { message: string } | null;
  /** what the account can still spend (a pre-check; the reservation decides atomically) */
  available?: bigint;
}

export interface Priced {
  /** per part and whole message, micro-units */
  unitPrice: bigint;
  price: bigint;
  unitCost: bigint;
  cost: bigint;
  vendorProductUuid: string;
  vendorProductName: string;
  mobileNetworkName: string | null;
  /** when the price is charged: on delivery, or once the carrier accepts it (the rate's basis) */
  chargeBasis: 'delivery' | 'submit';
}

export type Decision = ({ ok: true } & Priced) | { ok: false; reason: BlockReason; message: string };

/** Price and cost of a message of `segments` parts from a one-part quote. */
export function priceOf(quote: Extract<Quote, { ok: true }>, segments: number): Priced {
  const parts = BigInt(segments);
  const unitPrice = BigInt(quote.priceMicros);
  const unitCost = BigInt(quote.costMicros);
  return {
    unitPrice,
    price: unitPrice * parts,
    unitCost,
    cost: unitCost * parts,
    vendorProductUuid: quote.vendorProductUuid,
    vendorProductName: quote.vendorProductName,
    mobileNetworkName: quote.network?.network_name ?? null,
    chargeBasis: quote.chargeBasis,
  };
}

/** The price columns of an accepted decision, as the sms row keeps them. */
export function pricedColumns(decision: Extract<Decision, { ok: true }>) {
  return {
    price: decision.price.toString(),
    cost: decision.cost.toString(),
    vendor_product_uuid: decision.vendorProductUuid,
    vendor_product_name: decision.vendorProductName,
    mobile_network_name: decision.mobileNetworkName,
    charge_basis: decision.chargeBasis,
  };
}

export const block = (reason: BlockReason, message: string): Decision => ({ ok: false, reason, message });

/** The HTTP status a blocked send answers: the caller's input (400), a rule of the platform (422), money (402). */
export function blockStatus(reason: BlockReason): number {
  if (reason === 'no_money') return 402;
  if (reason === 'bad_sender' || reason === 'bad_number' || reason === 'bad_template') return 400;
  return 422;
}

export function decide(f: SendFacts, dnisAsTyped: string, aniAsTyped: string): Decision {
  if (!f.senderAllowed) return block('bad_sender', `${aniAsTyped} is not one of your company's sending numbers`);
  if (!f.destination) return block('bad_number', `"${dnisAsTyped}" is not a valid phone number`);
  if (f.template && !f.template.ok) return block('bad_template', f.template.message);
  if (f.suppressed)
    return block('suppressed', `${f.destination} is on your suppression list (opted out); the message was not sent`);
  if (f.filterHit)
    return block('filtered', `The text contains "${f.filterHit}", which a stop-text filter does not allow`);
  if (f.unregistered) return block('sender_unregistered', f.unregistered.message);
  if (f.guard) return block(f.guard.reason, f.guard.message);
  if (f.quote && !f.quote.ok && f.quote.reason === 'below_margin')
    return block('below_margin', `No route to ${f.destination} leaves the minimum margin; it was not sent at a loss`);
  if (!f.quote || (!f.quote.ok && f.quote.reason !== 'no_route'))
    return block('no_price', `Your product has no price for ${f.destination}`);
  if (!f.quote.ok) return block('no_route', `Your product has no route to ${f.destination}`);
  const priced = priceOf(f.quote, f.segments);
  if (f.available !== undefined && priced.price > f.available) return noMoney(priced.price, f.available);
  return { ok: true, ...priced };
}

export function noMoney(price: bigint, available: bigint): Decision {
  return block(
    'no_money',
    `Not enough balance: the message costs ${formatMoney(price)} USD and ${formatMoney(available < 0n ? 0n : available)} USD is available`,
  );
}
