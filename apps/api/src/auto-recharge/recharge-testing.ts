// Shared steps of the auto-recharge specs: sign in, save a card through the built-in page, move a balance.
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { api, bearer, login } from '../testing/test-app';
import { post } from '../billing';

export type Headers = Record<string, string>;

export async function signIn(app: FastifyInstance, who: string[]): Promise<Headers[]> {
  const out: Headers[] = [];
  for (const u of who) out.push(bearer(await login(app, `${u}@example.com`)));
  return out;
}

export async function companyId(app: FastifyInstance, name: string): Promise<string> {
  return (
    await app.db
      .selectFrom('companies')
      .select('company_uuid')
      .where('company_name', '=', name)
      .executeTakeFirstOrThrow()
  ).company_uuid;
}

/** Saves a card the way the browser does: the setup call, then the built-in page's form. */
export async function saveTestCard(app: FastifyInstance, headers: Headers, company: string, number: string) {
  const setup = await app.inject({ method: 'POST', url: api(`/company/${company}/auto-recharge/card`), headers });
  if (setup.statusCode !== 201) throw new Error(`card setup answered ${setup.statusCode}: ${setup.body}`);
  const { url, setup_uuid } = setup.json() as { url: string; setup_uuid: string };
  const secret = new URL(url, 'http://x').searchParams.get('secret') as string;
  const page = await app.inject({ method: 'GET', url });
  const saved = await app.inject({
    method: 'POST',
    url: api(`/payments/card-setup/${setup_uuid}`),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ secret, action: 'save', number }).toString(),
  });
  return { page, saved, setup_uuid, secret };
}

/** What the company may still spend (balance less holds), in micro-units. */
export async function leftOf(app: FastifyInstance, company: string): Promise<bigint> {
  const r = await sql<{
    left: string;
  }>`select (balance - reserved)::text as left from billing_accounts where company_uuid = ${company}`.execute(app.db);
  return BigInt(r.rows[0]?.left ?? '0');
}

/** Moves the balance so that exactly `target` micro-units are left (an adjustment: no charge event). */
export async function setLeft(app: FastifyInstance, company: string, target: bigint, tag: string) {
  const delta = target - (await leftOf(app, company));
  if (delta === 0n) return;
  await app.db.transaction().execute((trx) =>
    post(trx, {
      account: { company_uuid: company },
      amount: delta,
      kind: 'adjustment',
      cause_type: 'test',
      cause_id: tag,
    }),
  );
}

export async function until<T>(what: () => Promise<T>, ok: (v: T) => boolean, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await what();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 200));
  }
}
