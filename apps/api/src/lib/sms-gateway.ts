// The gateway port: what the send pipeline (messaging) asks of an SMS gateway, and the inbound URL
// templates a gateway calls back on. It sits in lib because both sides use it: messaging holds a
// GatewayAdapter, and each gateway (messaging's simulator, kannel/) implements one.
import type { SmsEncoding } from '@smsc/shared-contract';

/** What the pipeline hands a gateway: one stored, charged message. */
export interface OutboundMessage {
  sms_uuid: string;
  ani: string;
  dnis: string;
  text: string;
  segments: number;
  encoding: SmsEncoding;
  vendor_product_uuid: string | null;
  /**
   * A stopped process took it and may have handed it over before it died (a bulk's orphan): a gateway that can
   * tell whether the carrier has it (the direct SMPP gateway, by its receipt) does not send it twice.
   */
  in_doubt?: boolean;
}

/** The SMSC refused the message outright (Kannel's 403 "Not routable", 503 during a restart). */
export class GatewayRefused extends Error {}

/**
 * An SMS gateway. `submit` resolves once the gateway has accepted the message (Kannel's "202 0:
 * Accepted for delivery") and throws GatewayRefused when it will not take it. Delivery reports and
 * incoming messages do not come back through this object: the gateway calls the API's inbound
 * endpoints (GET /gateway/dlr, GET /gateway/mo) the way Kannel's dlr-url and sms-service get-url do,
 * so the pipeline never depends on which gateway is configured.
 */
export interface GatewayAdapter {
  readonly kind: string;
  submit(msg: OutboundMessage): Promise<{ smsc_id: string }>;
  /** re-reads the gateway's configuration (POST /gateway restart) */
  reload(): Promise<void>;
  /** stops timers and waits for reports in flight (the app's close) */
  close(): Promise<void>;
}

/**
 * The inbound URLs in Kannel's placeholder syntax (KANNEL-NOTES.md): the message id travels in the
 * dlr-url because Kannel's sendsms answer carries none.
 */
export function dlrUrlTemplate(base: string, secret: string, smsUuid: string): string {
  return `${base}/gateway/dlr?secret=${encodeURIComponent(secret)}&id=${smsUuid}&type=%d&smsc=%i&error=%F&reply=%A&time=%T`;
}
export function moUrlTemplate(base: string, secret: string): string {
  return `${base}/gateway/mo?secret=${encodeURIComponent(secret)}&from=%p&to=%P&text=%a&smsc=%i&id=%I&time=%T`;
}

/** Fills Kannel placeholders (each value URL-encoded, as Kannel does). */
export function fillPlaceholders(template: string, values: Record<string, string>): string {
  return template.replace(/%([a-zA-Z])/g, (whole, key: string) =>
    key in values ? encodeURIComponent(values[key]) : whole,
  );
}
