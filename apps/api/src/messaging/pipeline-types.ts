// The messaging service's public types: what other domains plug in, what a send takes, what the pipeline refuses.
import type { Kysely } from 'kysely';
import type { BlockReason } from '@smsc/shared-contract';
import type { Database } from '../db/schema';
import { HttpError } from '../lib/http-error';
import { blockStatus, type Decision } from './engine/pipeline';

/**
 * Functions other domains plug in. The templates engineer replaces resolveTemplate (only an approved
 * template of the company may be sent; it may also answer the template's text to send).
 */
export interface MessagingHooks {
  resolveTemplate(args: {
    db: Kysely<Database>;
    company_uuid: string;
    sms_template_uuid: string;
    text: string;
  }): Promise<{ ok: true; text?: string } | { ok: false; message: string }>;
  /** One address-book recipient of the company (its name fills {name}); undefined when it has none by that id. */
  recipientOf?(
    db: Kysely<Database>,
    company_uuid: string,
    recipient_uuid: string,
  ): Promise<{ recipient_name: string; number: string } | undefined>;
  /** An incoming message to a company's number that is not a built-in STOP/START word (keywords act on it). */
  onReceive?(mo: {
    company_uuid: string;
    did_uuid: string;
    did: string;
    from: string;
    text: string;
    sms_uuid: string;
  }): Promise<void>;
}

/** Until templates exist no template can be approved, so naming one blocks the send (bad_template). */
export const defaultHooks: MessagingHooks = {
  async resolveTemplate({ sms_template_uuid }) {
    return { ok: false, message: `Template ${sms_template_uuid} not found or not approved` };
  },
};

export interface SendInput {
  company_uuid: string;
  user_uuid: string | null;
  /** the program's API key that sent it (POST /sms with X-Api-Key): the log's "Sent by" */
  api_key_uuid?: string | null;
  ani: string;
  dnis: string;
  text: string;
  recipient_uuid?: string | null;
  sms_template_uuid?: string | null;
  send_at?: Date | null;
  /**
   * values for the text's {placeholders} (the recipient's fields and typed values). Given, the text
   * (or its template's) is filled and a placeholder left without a value refuses the send before anything is stored.
   */
  values?: Record<string, string>;
  /** a retried request with the same key answers the first message (per user) */
  idempotency?: { user_uuid: string; key: string; hash: string };
  /** the id to store the message under (the SMPP listener names it before a multipart message is complete) */
  sms_uuid?: string;
  /** POST /sms status_callback (checked by the caller): the message's status events are delivered there too */
  status_callback?: string | null;
  /** the platform's own replies (STOP/START confirmations): from the company's number that received the keyword, past suppression and filters */
  system?: boolean;
  /** sent with a test API key: never charged nor carried, its outcome chosen by its number (sandbox.ts) */
  sandbox?: boolean;
}

export interface CompanyFacts {
  company_uuid: string;
  reseller_uuid: string | null;
  product_uuid: string | null;
}

/** A send the pipeline refused: the HTTP answer (4xx naming the reason), with the reason kept for other protocols (SMPP). */
export class BlockedError extends HttpError {
  constructor(
    public readonly reason: BlockReason,
    detail: string,
  ) {
    super(blockStatus(reason), `Blocked (${reason}): ${detail}`, {}, reason);
  }
}

export class Refused extends Error {
  constructor(public readonly decision: Extract<Decision, { ok: false }>) {
    super(decision.message);
  }
}

/** An incoming message as stored (listeners: DID webhooks). */
export interface ReceivedMessage {
  sms_uuid: string;
  company_uuid: string | null;
  from: string;
  to: string;
  text: string;
  received_on: Date;
}
