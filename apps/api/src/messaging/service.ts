// Messaging's service: what other domains plug in (guards, registrations, lookups, templates, keywords), the single
// send (grouped per company, send-batch.ts), receipts batched (dlr-batch.ts), and the scheduler and incoming messages.
// Every outgoing message goes through the one pipeline (pipeline.ts: judge, store, handOver, apply), which bulk,
// SMPP, the scheduler and single sends share; `pipeline` is its face for the other domains.
import { type Kysely, type Transaction } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { SmsStatus } from '@smsc/shared-contract';
import type { Database } from '../db/schema';
import type { CatalogCache } from '../catalog';
import type { GatewayAdapter } from '../lib/sms-gateway';
import { Pipeline } from './pipeline';
import { DlrBatcher } from './dlr-batch';
import { NO_GUARDS, type AccountSpend, type GuardView, type SendGuards } from './guard-port';
import { SendFacts } from './facts';
import { NO_SMPP_NAMES, type SmppNames } from './queries';
import { NO_REGISTRATIONS, type RegistrationView, type SenderRegistrations } from './registration-port';
import { NO_ERASURES, type ErasedNumbers } from './erasure-port';
import { NO_LOOKUPS, type NumberLookups } from './lookup-port';
import { Scheduler } from './scheduler';
import { Inbound, type OptOutNotice } from './inbound';
import type { SandboxCarrier } from './sandbox';
import { defaultHooks, type CompanyFacts, type MessagingHooks, type ReceivedMessage } from './pipeline-types';

export class MessagingService {
  private resolveTemplate: MessagingHooks['resolveTemplate'] = defaultHooks.resolveTemplate;
  private recipients: MessagingHooks['recipientOf'];
  /** the spend and fraud guards (the guards domain plugs its service in; none until then) */
  private guards: SendGuards = NO_GUARDS;

  /** The spend and fraud guards (the guards plugin, which declares `messaging` a dependency, calls this). */
  useGuards(guards: SendGuards): void {
    this.guards = guards;
  }

  /** sender registrations (the compliance domain plugs its service in; none required until then) */
  private registrations: SenderRegistrations = NO_REGISTRATIONS;
  /** numbers privacy erasures blocked (the privacy domain plugs its service in) */
  private erasures: ErasedNumbers = NO_ERASURES;

  /** number lookups for the products that have them on (the number-lookup domain plugs its service in) */
  private lookups: NumberLookups = NO_LOOKUPS;

  /** Number lookups (the number-lookup plugin, which declares `messaging` a dependency, calls this). */
  useNumberLookups(lookups: NumberLookups): void {
    this.lookups = lookups;
  }

  /** Erased numbers' blocks (the privacy plugin, which declares `messaging` a dependency, calls this). */
  useErasures(erasures: ErasedNumbers): void {
    this.erasures = erasures;
  }

  /** Sender registrations (the compliance plugin, which declares `messaging` a dependency, calls this). */
  useRegistrations(registrations: SenderRegistrations): void {
    this.registrations = registrations;
  }

  /** The company's approved registrations as the pipeline applies them (the quote shows their state); null: none. */
  registrationView(company_uuid: string): Promise<RegistrationView | null> {
    return this.registrations.view(company_uuid);
  }

  /** The company's guards as the pipeline applies them (the quote box shows their verdict); null: none. */
  guardView(company: CompanyFacts): Promise<GuardView | null> {
    return this.guards.view(company);
  }

  /** What the company's spend limits still allow, in the caller's transaction (bulk jobs hold on it); null: no limit. */
  spendRoom(
    trx: Transaction<Database>,
    company_uuid: string,
    need?: bigint,
    spent?: AccountSpend,
  ): Promise<bigint | null> {
    return this.guards.spendRoom(trx, company_uuid, need, spent);
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

  /** A company keyword whose action is stop: an opt-out like the built-in STOP (scope, consent, listeners). */
  async keywordOptOut(
    company_uuid: string,
    f: { number: string; sender: string; text: string; sms_uuid?: string | null },
  ): Promise<void> {
    await this.inbound.keywordOptOut(await this.company(company_uuid), f);
  }

  /** Adds a listener told of every stored incoming message (DID webhooks). */
  onReceived(listener: (m: ReceivedMessage) => void): void {
    this.inbound.listeners.push(listener);
  }
  private readonly facts: SendFacts;
  private smppNamesOf: SmppNames = NO_SMPP_NAMES;
  /** the carrier of test keys' messages (the built-in simulator, plugged in by messaging/index.ts) */
  private sandboxCarrier: SandboxCarrier | null = null;
  /** the one send pipeline (pipeline.ts): bulk, SMPP, the scheduler and single sends go through it */
  readonly pipeline: Pipeline;
  private readonly dlr: DlrBatcher;
  private readonly scheduler: Scheduler;
  private readonly inbound: Inbound;

  constructor(db: Kysely<Database>, catalog: CatalogCache, gateway: GatewayAdapter, log: FastifyBaseLogger) {
    this.facts = new SendFacts(
      db,
      catalog,
      () => this.guards,
      () => this.resolveTemplate,
      () => this.registrations,
      () => this.erasures,
      () => this.lookups,
    );
    this.pipeline = new Pipeline(db, catalog, gateway, this.facts, () => ({
      guards: this.guards,
      registrations: this.registrations,
      erasures: this.erasures,
      lookups: this.lookups,
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

  /** The company's facts the pipeline uses (404 when there is none). */
  company(company_uuid: string): Promise<CompanyFacts> {
    return this.facts.company(company_uuid);
  }

  /** The sandbox's carrier (messaging/index.ts: the built-in simulator, whichever gateway carries live traffic). */
  useSandboxCarrier(carrier: SandboxCarrier): void {
    this.sandboxCarrier = carrier;
  }

  /** Is the ANI one of the company's sending numbers, is the destination suppressed (one round trip). */
  async senderAndSuppression(company: string | CompanyFacts, ani: string | null, destination: string | null) {
    return this.facts.senderAndSuppression(
      typeof company === 'string' ? await this.company(company) : company,
      ani,
      destination,
    );
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
   * by pollSchedule on every leadership poll.
   */
  sendsScheduled: () => boolean = () => true;

  /** PATCH /sms/{id}: edit or cancel a scheduled message (the caller has checked tenancy). */
  patchScheduled(sms_uuid: string, patch: { text?: string; send_at?: Date; status?: 'cancelled' }): Promise<void> {
    return this.scheduler.patchScheduled(sms_uuid, patch);
  }

  /** Sends one scheduled message whose time has come: the checks run again (a STOP may have arrived since). */
  dispatch(sms_uuid: string): Promise<void> {
    return this.scheduler.dispatch(sms_uuid);
  }

  /** Arms the in-process timer for the earliest scheduled message (on the node that sends them). */
  armScheduler(at: number): void {
    this.scheduler.armScheduler(at);
  }

  /** Sends what is due, then re-arms for the next scheduled message (on start too). */
  runDue(): Promise<void> {
    return this.scheduler.runDue();
  }

  /** The leader's poll: arms the timer for the earliest scheduled message, wherever it was scheduled. */
  pollSchedule(): Promise<void> {
    return this.scheduler.pollSchedule();
  }

  /** The role went to another node: this one stops sending scheduled messages. */
  disarmScheduler(): void {
    this.scheduler.disarmScheduler();
  }

  /**
   * An incoming message: stored as received for the company (and user) holding the number it was sent to,
   * STOP/START acted on (inbound.ts). A repeated report (same SMSC id) is stored once.
   */
  receive(mo: {
    from: string;
    to: string;
    text: string;
    smsc_id?: string | null;
    external_id?: string | null;
  }): Promise<{ sms_uuid: string | null; duplicate: boolean; keyword: 'stop' | 'help' | 'start' | null }> {
    return this.inbound.receive(mo);
  }

  async close(): Promise<void> {
    await this.scheduler.close();
    await this.dlr.drain().catch(() => undefined);
  }
}
