// The facts one message is judged on, looked up in as few round trips as may be (company, sender, suppression,
// stop-text filters, template, guards, price), and the engine's decision on them. No writes.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { fillText, unfilledMessage } from '@smsc/shared-util';
import { FieldError, notFound } from '../lib/http-error';
import type { CatalogCache } from '../catalog';
import { isSenderOf, parseNanp } from '../numbers';
import { accountsRepository } from '../accounts';
import type { SendGuards } from './guard-port';
import type { SenderRegistrations } from './registration-port';
import type { ErasedNumbers } from './erasure-port';
import { judge, parseDestination } from './judge';
import { blocksSend } from './opt-outs/check';
import type { CompanyFacts, MessagingHooks } from './pipeline-types';
import { applyLookup, lookupProduct, type NumberLookups } from './lookup-port';

const FILTER_TTL_MS = 2000;

export class SendFacts {
  private filterCache = new Map<string, { at: number; texts: string[] }>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly catalog: CatalogCache,
    private readonly guards: () => SendGuards,
    private readonly resolveTemplate: () => MessagingHooks['resolveTemplate'],
    private readonly registrations: () => SenderRegistrations,
    private readonly erasures: () => ErasedNumbers,
    private readonly lookups: () => NumberLookups,
  ) {}

  async company(company_uuid: string): Promise<CompanyFacts> {
    const c = await accountsRepository.companyOf(this.db, company_uuid);
    if (!c) throw notFound('Company');
    return { company_uuid: c.company_uuid, reseller_uuid: c.reseller_uuid, product_uuid: c.product_uuid };
  }

  /** Stop-text filters that apply to a company: its reseller's, or the platform's for a direct company. */
  async filtersFor(reseller_uuid: string | null): Promise<string[]> {
    const key = reseller_uuid ?? 'platform';
    const hit = this.filterCache.get(key);
    if (hit && Date.now() - hit.at < FILTER_TTL_MS) return hit.texts;
    const texts = await accountsRepository.stopTexts(this.db, reseller_uuid);
    this.filterCache.set(key, { at: Date.now(), texts });
    return texts;
  }

  /**
   * Looks up every fact of one message and lets the engine decide (no writes). A product with number lookup on has
   * the number looked up once sender and opt-outs allow the message; not for the platform's own replies, a test key's
   * message, or with `lookup: false` (a message scheduled for later is looked up when it goes).
   */
  async evaluate(
    company: CompanyFacts,
    m: {
      ani: string;
      dnis: string;
      text: string;
      sms_template_uuid?: string | null;
      system?: boolean;
      values?: Record<string, string>;
      sandbox?: boolean;
      lookup?: boolean;
    },
  ) {
    const parsed = parseDestination(m.dnis);
    const destination = parsed?.e164 ?? null;
    const view = m.system ? null : await this.guards().view(company);
    let text = m.text;
    const template = m.sms_template_uuid
      ? await this.resolveTemplate()({
          db: this.db,
          company_uuid: company.company_uuid,
          sms_template_uuid: m.sms_template_uuid,
          text,
        })
      : undefined;
    if (template?.ok && template.text) text = template.text;
    if (m.values) {
      const filled = fillText(text, m.values);
      if (filled.missing.length) throw new FieldError({ text: unfilledMessage(filled.missing) });
      text = filled.text;
    }
    const lookups = this.lookups();
    const mayLookUp = !!destination && m.lookup !== false && !m.system && !m.sandbox;
    const compiled = this.catalog.current();
    const [checks, filters, catalog, registrations, erased, kept] = await Promise.all([
      this.senderAndSuppression(company, m.system ? null : m.ani, m.system ? null : destination),
      m.system ? [] : this.filtersFor(company.reseller_uuid),
      compiled,
      // the platform's own replies (STOP, HELP) answer on the number that was texted: no filing is asked of them
      m.system ? null : this.registrations().view(company.company_uuid),
      !m.system && destination ? this.erasures().blocked(company, [destination]) : new Set<string>(),
      // a kept answer is read beside the other facts (a provider call waits for the sender and opt-out checks)
      mayLookUp
        ? compiled.then((c) => (lookupProduct(c, company) ? lookups.cached([destination as string]) : null))
        : null,
    ]);
    const product = mayLookUp ? lookupProduct(catalog, company) : null;
    let lookup = null;
    if (product && destination && checks.sender && !checks.suppressed && !erased.has(destination)) {
      const outcome = kept?.get(destination) ?? (await lookups.lookup([destination])).get(destination);
      if (outcome) lookup = applyLookup(catalog, product, outcome, true, lookups.costMicros, parsed?.iso2 ?? null);
    }
    const { decision, seg } = judge(
      company,
      catalog,
      filters,
      {
        sender: m.system ? true : checks.sender,
        suppressed: checks.suppressed || (!!destination && erased.has(destination)),
        template: template && (template.ok ? { ok: true } : template),
      },
      { ani: m.ani, dnis: m.dnis, text },
      parsed,
      view,
      registrations,
      lookup,
    );
    return { decision, destination, text, seg, limited: !!view?.limited, lookup };
  }

  /**
   * Two of the pipeline's lookups in one round trip: is the ANI one of the company's sending numbers
   * (isCompanyNumber's rule: a DID of the company with did_type ani), is the destination suppressed for it (an
   * opt-out of the company for every sender or this one, or a reseller-wide one: opt-outs/check.ts).
   */
  async senderAndSuppression(
    company: Pick<CompanyFacts, 'company_uuid' | 'reseller_uuid'>,
    ani: string | null,
    destination: string | null,
  ): Promise<{ sender: boolean; suppressed: boolean }> {
    const e164 = ani ? (parseNanp(ani)?.e164 ?? null) : null;
    const row = (
      await sql<{ sender: boolean; suppressed: boolean }>`select
      ${isSenderOf(sql.val(company.company_uuid), sql.val(e164))} as sender,
      exists (select 1 from suppressed_numbers n where n.number = ${destination} and ${blocksSend(
        sql.val(company.company_uuid),
        sql.val(company.reseller_uuid),
        sql.val(e164 ?? ''),
      )}) as suppressed`.execute(this.db)
    ).rows[0];
    return { sender: !!row.sender, suppressed: !!row.suppressed };
  }
}
