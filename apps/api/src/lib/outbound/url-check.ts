// The save-time check of a customer's endpoint (a company or DID webhook, a message's status_callback): the
// address policy on the URL as written, then, where a resolver is given, the host name resolved and every
// answer classified, so a private or unresolvable target is refused with its reason when saved, not on its
// first delivery.
import { checkOutboundUrl } from './address-policy';
import { OutboundRefused, resolvePublic, type Resolve } from './pinned-agent';

export interface UrlCheckOptions {
  allowPrivate: boolean;
  /** without one only the URL as written is checked (DID webhooks: their names are checked at delivery) */
  resolve?: Resolve;
}

/** null when the URL may be used; otherwise the reason, in words that follow "The URL …". */
export async function endpointProblem(url: string, o: UrlCheckOptions): Promise<string | null> {
  const v = checkOutboundUrl(url, { allowPrivate: o.allowPrivate });
  if (!v.ok) return v.reason;
  if (v.literal || !o.resolve) return null;
  try {
    await resolvePublic(v.host, o.resolve, o.allowPrivate);
    return null;
  } catch (e) {
    if (e instanceof OutboundRefused) return `cannot be used: ${e.message}`;
    const code = (e as NodeJS.ErrnoException).code;
    return `cannot be reached: ${v.host} does not resolve${code ? ` (${code})` : ''}`;
  }
}
