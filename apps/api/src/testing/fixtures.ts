// Set-ups server specs share: another tenant to prove isolation against, starting money, and the checks
// several specs make the same way (a pumping hold's mails and release).
import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../lib/passwords';
import { post } from '../billing';
import { brandsOf } from '../branding';
import { api, bearer, DEMO_PASSWORD, login } from './test-app';

export interface OtherReseller {
  reseller_uuid: string;
  /** its reseller user's bearer header */
  headers: { authorization: string };
}

/** A reseller of its own with a signed-in reseller user (the demo password), optionally with one company. */
export async function resellerWithLogin(
  app: FastifyInstance,
  opts: { name: string; email: string; company?: string },
): Promise<OtherReseller & { company_uuid?: string }> {
  const { reseller_uuid } = await app.db
    .insertInto('resellers')
    .values({ reseller_name: opts.name })
    .returning('reseller_uuid')
    .executeTakeFirstOrThrow();
  const company_uuid = opts.company
    ? (
        await app.db
          .insertInto('companies')
          .values({ company_name: opts.company, reseller_uuid })
          .returning('company_uuid')
          .executeTakeFirstOrThrow()
      ).company_uuid
    : undefined;
  await app.db
    .insertInto('users')
    .values({
      email: opts.email,
      full_name: opts.name,
      user_type: 'reseller',
      reseller_uuid,
      password_hash: await hashPassword(DEMO_PASSWORD, 'fast'),
    })
    .execute();
  return { reseller_uuid, company_uuid, headers: bearer(await login(app, opts.email)) };
}

/** A seeded company's id by its name ('Acme', 'Globex'). */
export async function companyNamed(app: FastifyInstance, company_name: string): Promise<string> {
  const c = await app.db
    .selectFrom('companies')
    .select('company_uuid')
    .where('company_name', '=', company_name)
    .executeTakeFirstOrThrow();
  return c.company_uuid;
}

/** Gives Acme's reseller a brand named `name` (the rest left unset), as the white-label specs start; its reseller's id. */
export async function brandAcmeReseller(app: FastifyInstance, name: string): Promise<string> {
  const { reseller_uuid } = await app.db
    .selectFrom('companies')
    .select('reseller_uuid')
    .where('company_name', '=', 'Acme')
    .executeTakeFirstOrThrow();
  await brandsOf(app).save(reseller_uuid as string, {
    name,
    primary_color: '#7a1f5c',
    mail_from_name: null,
    mail_from_address: null,
    support_email: null,
    support_phone: null,
    legal_footer: null,
  });
  return reseller_uuid as string;
}

/**
 * Credits a company's account (the ledger's rules), as a spec's starting money: a payment by default, or an
 * adjustment where a payment would also settle invoices.
 */
export async function fundCompany(
  app: FastifyInstance,
  company_uuid: string,
  amount: bigint,
  kind: 'payment' | 'adjustment' = 'payment',
) {
  await app.db
    .transaction()
    .execute((trx) => post(trx, { account: { company_uuid }, amount, kind, cause_type: 'test', cause_id: 'fixture' }));
}

/**
 * What follows a pumping hold of Acme's (the seed's company), as the guards specs expect it: its admin,
 * its reseller and the system admin were mailed ("Traffic held"), `releaser` releases the hold (200),
 * and then `sendToHeld` (a message to the held destination) is accepted again (201). The release's
 * answer is returned for further checks.
 */
export async function expectHeldAndRelease(
  app: FastifyInstance,
  hold: string,
  opts: { releaser: Record<string, string>; sendToHeld: () => Promise<number> },
) {
  const mails = await app.db
    .selectFrom('outbox')
    .select('recipient')
    .where('subject', 'like', 'Traffic held%')
    .execute();
  expect(mails.map((m) => m.recipient)).toEqual(
    expect.arrayContaining(['acme-admin@example.com', 'reseller@example.com', 'admin@example.com']),
  );
  const released = await app.inject({
    method: 'POST',
    url: api(`/guards/holds/${hold}/release`),
    headers: opts.releaser,
  });
  expect(released.statusCode).toBe(200);
  expect(await opts.sendToHeld()).toBe(201);
  return released;
}
