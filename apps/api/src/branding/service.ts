// Brands and their host names: saving a brand (its colour checked for contrast), its images, and the domains a
// reseller proves through a DNS TXT record (dns-port.ts). A request's host name resolves to its reseller's brand.
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  BRAND_TXT_PREFIX,
  primaryColorProblem,
  type Brand,
  type BrandDomain,
  type BrandInput,
} from '@smsc/shared-contract';
import type { Database } from '../db/schema';
import { FieldError, HttpError, notFound } from '../lib/http-error';
import { DnsUnavailable, type DnsResolver } from './dns-port';
import type { SimulatedDns } from './dns-simulator';
import { effectiveBrand } from './queries';

/** A host's brand is read on every console page: kept this long in each process (a change elsewhere shows after). */
const HOST_TTL_MS = 15_000;
const MAX_HOSTS = 1000;
/** Names that can never be real (RFC 2606, 6761): the simulator publishes their record itself, for demos and e2e. */
const RESERVED = /\.(test|localhost|example|invalid)$/;

export interface HostBrand {
  /** the verified domain's reseller, or null on any other host (the platform's brand) */
  reseller_uuid: string | null;
  brand: Brand;
}

const txtName = (host: string) => `${BRAND_TXT_PREFIX}.${host}`;
const txtValue = (token: string) => `smsc-verify=${token}`;

export class BrandService {
  private readonly hosts = new Map<string, { at: number; value: Promise<HostBrand> }>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly dns: DnsResolver,
    /** the simulator, when it is the resolver: it plays the DNS host of reserved names */
    readonly simulator?: SimulatedDns,
  ) {}

  effective(resellerUuid: string | null): Promise<Brand> {
    return effectiveBrand(this.db, resellerUuid);
  }

  async save(resellerUuid: string | null, input: BrandInput): Promise<Brand> {
    const problem = primaryColorProblem(input.primary_color);
    if (problem) throw new FieldError({ primary_color: problem });
    const values = { ...input, primary_color: input.primary_color.toLowerCase(), updated_on: new Date() };
    await this.db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('brands')
        .set(values)
        .where((eb) => (resellerUuid ? eb('reseller_uuid', '=', resellerUuid) : eb('reseller_uuid', 'is', null)))
        .executeTakeFirst();
      if (!updated.numUpdatedRows)
        await trx
          .insertInto('brands')
          .values({ ...values, reseller_uuid: resellerUuid })
          .execute();
    });
    this.hosts.clear();
    return this.effective(resellerUuid);
  }

  /** An owner's image as bytes to serve, or undefined. */
  async image(
    resellerUuid: string | null,
    kind: 'logo' | 'favicon',
  ): Promise<{ type: string; body: Buffer } | undefined> {
    const row = await this.db
      .selectFrom('brands')
      .select(kind)
      .where((eb) => (resellerUuid ? eb('reseller_uuid', '=', resellerUuid) : eb('reseller_uuid', 'is', null)))
      .executeTakeFirst();
    const m = /^data:(image\/[a-z-]+);base64,(.*)$/.exec(row?.[kind] ?? '');
    return m ? { type: m[1], body: Buffer.from(m[2], 'base64') } : undefined;
  }

  // ---- host names

  private domains(resellerUuid: string | null) {
    let q = this.db.selectFrom('brand_domains').selectAll();
    if (resellerUuid) q = q.where('reseller_uuid', '=', resellerUuid);
    return q;
  }

  private static toDomain(r: DomainRow): BrandDomain {
    return {
      domain_uuid: r.domain_uuid,
      reseller_uuid: r.reseller_uuid,
      host: r.host,
      txt_name: txtName(r.host),
      txt_value: txtValue(r.token),
      status: r.verified_on ? 'verified' : 'pending',
      verified_on: r.verified_on?.toISOString() ?? null,
      last_check: r.last_check,
      created_on: r.created_on.toISOString(),
    };
  }

  /** A reseller's domains (null: every reseller's, for the system admin). */
  async listDomains(resellerUuid: string | null): Promise<BrandDomain[]> {
    const rows = await this.domains(resellerUuid).orderBy('created_on').orderBy('host').execute();
    return rows.map(BrandService.toDomain);
  }

  /** The reseller's first verified host name (where its sign-ups land), or null while it has none. */
  async verifiedHost(resellerUuid: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('brand_domains')
      .select('host')
      .where('reseller_uuid', '=', resellerUuid)
      .where('verified_on', 'is not', null)
      .orderBy('verified_on')
      .executeTakeFirst();
    return row?.host ?? null;
  }

  async addDomain(resellerUuid: string, host: string): Promise<BrandDomain> {
    const name = host.toLowerCase();
    const taken = await this.db
      .selectFrom('brand_domains')
      .select('domain_uuid')
      .where('host', '=', name)
      .executeTakeFirst();
    if (taken) throw new HttpError(409, 'This host name is already claimed');
    const token = randomBytes(16).toString('hex');
    const row = await this.db
      .insertInto('brand_domains')
      .values({ reseller_uuid: resellerUuid, host: name, token })
      .returningAll()
      .executeTakeFirstOrThrow();
    if (this.simulator && RESERVED.test(name)) this.simulator.publish(txtName(name), txtValue(token));
    return BrandService.toDomain(row);
  }

  private async domainOf(resellerUuid: string | null, id: string): Promise<DomainRow> {
    const row = await this.domains(resellerUuid).where('domain_uuid', '=', id).executeTakeFirst();
    if (!row) throw notFound('Domain');
    return row;
  }

  /** Looks the TXT record up: verified once it carries the token; a resolver failure is a 503, the domain unchanged. */
  async verifyDomain(resellerUuid: string | null, id: string): Promise<BrandDomain> {
    const row = await this.domainOf(resellerUuid, id);
    let found: string[];
    try {
      found = await this.dns.txt(txtName(row.host));
    } catch (e) {
      if (!(e instanceof DnsUnavailable)) throw e;
      await this.record(row.domain_uuid, `DNS did not answer: ${e.message}`);
      throw new HttpError(503, 'DNS did not answer; try again in a few minutes', {}, 'unavailable');
    }
    const ok = found.includes(txtValue(row.token));
    const last_check = ok ? null : found.length ? 'The TXT record has another value' : 'No TXT record found yet';
    const updated = await this.db
      .updateTable('brand_domains')
      .set(ok ? { verified_on: row.verified_on ?? new Date(), last_check } : { last_check })
      .where('domain_uuid', '=', row.domain_uuid)
      .returningAll()
      .executeTakeFirstOrThrow();
    this.hosts.clear();
    return BrandService.toDomain(updated);
  }

  private async record(id: string, last_check: string) {
    await this.db.updateTable('brand_domains').set({ last_check }).where('domain_uuid', '=', id).execute();
  }

  async removeDomain(resellerUuid: string | null, id: string): Promise<BrandDomain> {
    const row = await this.domainOf(resellerUuid, id);
    await this.db.deleteFrom('brand_domains').where('domain_uuid', '=', row.domain_uuid).execute();
    this.hosts.clear();
    return BrandService.toDomain(row);
  }

  /** The brand a request on `host` is served in: its verified reseller's, else the platform's. */
  forHost(host: string): Promise<HostBrand> {
    const name = host.toLowerCase();
    const hit = this.hosts.get(name);
    if (hit && Date.now() - hit.at < HOST_TTL_MS) return hit.value;
    // any Host header reaches here: the cache is bounded, so made-up names cannot grow it without end
    if (this.hosts.size >= MAX_HOSTS) this.hosts.clear();
    const value = this.resolveHost(name);
    value.catch(() => this.hosts.delete(name));
    this.hosts.set(name, { at: Date.now(), value });
    return value;
  }

  private async resolveHost(host: string): Promise<HostBrand> {
    const domain = await this.db
      .selectFrom('brand_domains')
      .select('reseller_uuid')
      .where('host', '=', host)
      .where('verified_on', 'is not', null)
      .executeTakeFirst();
    const reseller_uuid = domain?.reseller_uuid ?? null;
    return { reseller_uuid, brand: await this.effective(reseller_uuid) };
  }
}

type DomainRow = {
  domain_uuid: string;
  reseller_uuid: string;
  host: string;
  token: string;
  verified_on: Date | null;
  last_check: string | null;
  created_on: Date;
};
