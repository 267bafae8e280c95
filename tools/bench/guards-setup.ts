// The guards' switch for the benchmarks (their cost must stay within 10 %). BENCH_GUARDS=off builds
// the API with the guards off (the pipeline as before them); on (the default) builds it with them on and gives
// Acme one of each through the API, so every guard's code runs for every message without refusing any: spend
// limits far above the bench's spend, the US allowed, a margin floor under Acme's margin, and the pumping
// signals on with thresholds the bench never reaches.
import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from '@smsc/shared-contract';

export const GUARDS_ON = (process.env.BENCH_GUARDS ?? 'on') !== 'off';

export async function setUpGuards(app: FastifyInstance, password: string, company_uuid: string): Promise<void> {
  if (!GUARDS_ON) return;
  const token = async (email: string) =>
    `Bearer ${(await app.inject({ method: 'POST', url: `${API_PREFIX}/auth`, payload: { email, password } })).json().token}`;
  const admin = { authorization: await token('admin@example.com') };
  const reseller = { authorization: await token('reseller@example.com') };
  const put = async (url: string, headers: Record<string, string>, payload: object) => {
    const res = await app.inject({ method: 'PUT', url: `${API_PREFIX}${url}`, headers, payload });
    if (res.statusCode !== 200) throw new Error(`PUT ${url}: ${res.statusCode} ${res.body}`);
  };
  await put(`/company/${company_uuid}/guards`, reseller, {
    daily_limit: '1000000',
    monthly_limit: '10000000',
    allowed_countries: ['US', 'CA'],
    low_balance_threshold: '1',
  });
  const product = (
    await app.db
      .selectFrom('companies')
      .select('product_uuid')
      .where('company_uuid', '=', company_uuid)
      .executeTakeFirstOrThrow()
  ).product_uuid;
  if (product) await put(`/product/${product}/margin_floor`, admin, { min_margin: '0.001' });
  // every pumping signal judges each batch, none can trip: no burst reaches the count, nothing is unusual (no
  // company has that much history) or premium by price, and no code is sent
  await put('/guards/settings', admin, {
    pumping_enabled: true,
    pumping_min_messages: 100000,
    pumping_baseline_min_messages: 10_000_000,
    pumping_premium_price_percent: 100_000,
  });
}
