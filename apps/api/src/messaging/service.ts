// Messaging's service: what other domains plug in (guards, registrations, lookups, erasures, templates, keywords,
// recipients, the sandbox's carrier), receipts batched (dlr-batch.ts), and the objects the other domains call directly:
// the one pipeline (pipeline.ts: judge, store, handOver, apply) that bulk, SMPP, the scheduler and single sends share,
// the scheduler (scheduler.ts), incoming messages (inbound.ts) and the send facts (facts.ts).
import { type Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { SmsStatus } from '@smsc/shared-contract';
import type { Database } from '../db/schema';
import type { CatalogCache } from '../catalog';
import type { GatewayAdapter } from '../lib/sms-gateway';
import { Pipeline } from './pipeline';
import { DlrBatcher } from './dlr-batch';
import { NO_GUARDS, type SendGuards } from './guard-port';
import { SendFacts } from './facts';
import { NO_SMPP_NAMES, type SmppNames } from './queries';
import { NO_REGISTRATIONS, type SenderRegistrations } from './registration-port';
import { NO_ERASURES, type ErasedNumbers } from './erasure-port';
import { NO_LOOKUPS, type NumberLookups } from './lookup-port';
import { Scheduler } from './scheduler';
import { Inbound, type OptOutNotice } from './inbound';
import type { SandboxCarrier } from './sandbox';
import { defaultHooks, type MessagingHooks, type ReceivedMessage } from './pipeline-types';

export class MessagingService {
  /** the one send pipeline (pipeline.ts): bulk, SMPP, the scheduler and single sends go through it */
  readonly pipeline: Pipeline;
  /** scheduled messages: PATCH /sms edits them, the leader's poll and start-up run the due ones */
  readonly scheduler: Scheduler;
  /** incoming messages (gateway callbacks, direct SMPP), STOP/START and the campaigns' stop keywords */
  readonly inbound: Inbound;
  /** the company's facts and the lookups the pipeline judges by (POST /sms/quote and bulk read them too) */
  readonly facts: SendFacts;
  private readonly dlr: DlrBatcher;

  private resolveTemplate: MessagingHooks['resolveTemplate'] = defaultHooks.resolveTemplate;
  private recipients: MessagingHooks['recipientOf'];
  private readonly plugged: {
    /** the spend and fraud guards (the guards domain plugs its service in; none until then) */
    guards: SendGuards;
    /** sender registrations (the compliance domain plugs its service in; none required until then) */
    registrations: SenderRegistrations;
    /** numbers privacy erasures blocked (the privacy domain plugs its service in) */
    erasures: ErasedNumbers;
    /** number lookups for the products that have them on (the number-lookup domain plugs its service in) */
    lookups: NumberLookups;
  } = { guards: NO_GUARDS, registrations: NO_REGISTRATIONS, erasures: NO_ERASURES, lookups: NO_LOOKUPS };
  private smppNamesOf: SmppNames = NO_SMPP_NAMES;
  /** the carrier of test keys' messages (the built-in simulator, plugged in by messaging/index.ts) */
  private sandboxCarrier: SandboxCarrier | null = null;

  constructor(db: Kysely<Database>, catalog: CatalogCache, gateway: GatewayAdapter, log: FastifyBaseLogger) {
    this.facts = new SendFacts(
      db,
      catalog,
      () => this.guards,
      () => this.resolveTemplate,
      () => this.registrations,
      () => this.plugged.erasures,
      () => this.plugged.lookups,
    );
    this.pipeline = new Pipeline(db, catalog, gateway, this.facts, () => ({
      guards: this.guards,
      registrations: this.registrations,
      erasures: this.plugged.erasures,
      lookups: this.plugged.lookups,
      sandboxCarrier: this.sandboxCarrier,
      receiveStop: (from, to) => this.inbound.receive({ from, to, text: 'STOP', sandbox: true }),
      scheduled: (at) => this.scheduler.armScheduler(at),
    }));
    this.dlr = new DlrBatcher((reports) => this.pipeline.apply(reports));
    this.scheduler = new Scheduler(
      db,
      log,
      this.pipeline,
      () => this.guards,
      () => this.sendsScheduled(),
    );
    this.inbound = new Inbound(db, log, this.pipeline);
  }

  /** The spend and fraud guards in effect (the quote box shows their verdict, bulk jobs hold on their spend room). */
  get guards(): SendGuards {
    return this.plugged.guards;
  }

  /** Sender registrations in effect (the quote shows their state). */
  get registrations(): SenderRegistrations {
    return this.plugged.registrations;
  }

  /** The spend and fraud guards (the guards plugin, which declares `messaging` a dependency, calls this). */
  useGuards(guards: SendGuards): void {
    this.plugged.guards = guards;
  }

  /** Sender registrations (the compliance plugin, which declares `messaging` a dependency, calls this). */
  useRegistrations(registrations: SenderRegistrations): void {
    this.plugged.registrations = registrations;
  }

  /** Number lookups (the number-lookup plugin, which declares `messaging` a dependency, calls this). */
  useNumberLookups(lookups: NumberLookups): void {
    this.plugged.lookups = lookups;
  }

  /** Erased numbers' blocks (the privacy plugin, which declares `messaging` a dependency, calls this). */
  useErasures(erasures: ErasedNumbers): void {
    this.plugged.erasures = erasures;
  }

  /** The template check of the content domain (a plugin that declares `messaging` a dependency calls this). */
  useTemplates(resolveTemplate: MessagingHooks['resolveTemplate']): void {
    this.resolveTemplate = resolveTemplate;
  }

  /** The SMPP accounts' names for the log (the smpp domain, which depends on messaging, hands them over). */
  useSmppNames(names: SmppNames): void {
    this.smppNamesOf = names;
  }

  get smppNames(): SmppNames {
    return this.smppNamesOf;
  }

  /** The recipient lookup of the content domain, which owns the address book (its plugin calls this). */
  useRecipients(recipientOf: NonNullable<MessagingHooks['recipientOf']>): void {
    this.recipients = recipientOf;
  }

  /** One address-book recipient of the company; none until the content domain plugs its lookup in. */
  recipientOf(
    db: Kysely<Database>,
    company_uuid: string,
    recipient_uuid: string,
  ): Promise<{ recipient_name: string; number: string } | undefined> {
    return this.recipients ? this.recipients(db, company_uuid, recipient_uuid) : Promise.resolve(undefined);
  }

  /** What acts on an incoming non-STOP message to a company's number (the campaigns domain's keywords). */
  useKeywords(onReceive: NonNullable<MessagingHooks['onReceive']>): void {
    this.inbound.onReceive = onReceive;
  }

  /** Adds a listener told of every committed STOP (the campaigns domain's opt-out limit). */
  onOptOut(listener: (e: OptOutNotice) => Promise<void>): void {
    this.inbound.optOutListeners.push(listener);
  }

  /** Adds a listener told of every stored incoming message (DID webhooks). */
  onReceived(listener: (m: ReceivedMessage) => void): void {
    this.inbound.listeners.push(listener);
  }

  /** The sandbox's carrier (messaging/index.ts: the built-in simulator, whichever gateway carries live traffic). */
  useSandboxCarrier(carrier: SandboxCarrier): void {
    this.sandboxCarrier = carrier;
  }

  /** A delivery report: applied by the pipeline in a batch with others arriving meanwhile. */
  report(
    sms_uuid: string,
    to: SmsStatus,
    message?: string | null,
    /** the link it came back on: recorded when the message has none yet (a receipt before its "sent") */
    smsc_id?: string,
  ): Promise<{ moved: boolean; status: SmsStatus | null; age_seconds?: number }> {
    return this.dlr.add({ sms_uuid, to, message, smsc_id });
  }

  /**
   * Whether this node sends scheduled messages: with several nodes on one PostgreSQL only the leader of
   * the 'scheduled-sms' role does (messaging/index.ts), and learns of messages scheduled on other nodes
   * by scheduler.pollSchedule on every leadership poll.
   */
  sendsScheduled: () => boolean = () => true;

  async close(): Promise<void> {
    await this.scheduler.close();
    await this.dlr.drain().catch(() => undefined);
  }
}
