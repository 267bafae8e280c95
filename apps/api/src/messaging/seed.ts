import type { Kysely } from 'kysely';
import { catalogRepository } from '../catalog';
import type { Database } from '../db/schema';
import { billingRepository, post } from '../billing';
import { parseMoney } from '../lib/money';
import { countSegments } from './engine/segments';
import { accountsRepository } from '../accounts';

const HOUR = 3600_000;

/**
 * Demo traffic so a newcomer can send at once and the logs are not empty: Acme (prepay, the demo
 * reseller's "Reseller Standard" product, numbers from the numbers seed) gets a 25.00 credit, Globex
 * (postpay, "Standard") a 50.00 credit limit, and Acme a few sent and received messages, one of them a
 * STOP that put its sender on Acme's suppression list. Runs once, on a database seeded with the demo companies.
 */
export async function seedDemoTraffic(db: Kysely<Database>): Promise<void> {
  const cos = await accountsRepository.companiesByName(db, ['Acme', 'Globex']);
  const acme = cos.find((c) => c.company_name === 'Acme');
  const globex = cos.find((c) => c.company_name === 'Globex');
  if (!acme || !globex) return;
  if (
    await db
      .selectFrom('sms')
      .select('sms_uuid')
      .where('company_uuid', '=', acme.company_uuid)
      .limit(1)
      .executeTakeFirst()
  )
    return;
  const users = await accountsRepository.usersByEmail(db, ['acme-admin@example.com', 'acme-user@example.com']);
  const admin = users.find((u) => u.email === 'acme-admin@example.com')?.uuid ?? null;
  const user = users.find((u) => u.email === 'acme-user@example.com')?.uuid ?? null;
  const vp = await catalogRepository.vendorProductNamed(db, 'Route Co Standard');
  const now = Date.now();
  await db.transaction().execute(async (trx) => {
    await post(trx, {
      account: { company_uuid: acme.company_uuid },
      amount: parseMoney('25'),
      kind: 'adjustment',
      cause_type: 'demo',
      cause_id: 'demo-credit',
      memo: 'Demo credit',
    });
    await billingRepository.setCreditLimit(trx, globex.company_uuid, parseMoney('50'));
    // [hours ago, from, to, text, status, user, received]
    const rows: [
      number,
      string,
      string,
      string,
      'delivered' | 'undelivered' | 'blocked' | 'received',
      string | null,
      boolean,
    ][] = [
      [
        30,
        '+12125552301',
        '+14155550142',
        'Your table for 4 is confirmed for Friday at 7pm.',
        'delivered',
        user,
        false,
      ],
      [29, '+14155550142', '+12125552301', 'Thanks! Can we make it 7:30?', 'received', user, true],
      [28, '+12125552301', '+14155550142', 'Done: 7:30pm it is.', 'delivered', user, false],
      [20, '+12125552302', '+13125550187', 'Acme: your order 1042 has shipped.', 'delivered', admin, false],
      [19, '+12125552302', '+13125550199', 'Acme: your order 1043 has shipped.', 'undelivered', admin, false],
      [6, '+13125550187', '+12125552302', 'STOP', 'received', null, true],
      [5, '+12125552302', '+13125550187', 'Acme: your order 1044 has shipped.', 'blocked', admin, false],
      [2, '+12125552302', '+447400123456', 'Acme: your parcel is on its way to London.', 'delivered', admin, false],
    ];
    const price = (dnis: string) => (dnis.startsWith('+44') ? 55_000n : 12_000n);
    const cost = (dnis: string) => (dnis.startsWith('+44') ? 30_000n : 6_000n);
    for (const [ago, ani, dnis, text, status, user_uuid, is_received] of rows) {
      const at = new Date(now - ago * HOUR);
      const seg = countSegments(text);
      const priced = !is_received && status !== 'blocked';
      const m = await trx
        .insertInto('sms')
        .values({
          company_uuid: acme.company_uuid,
          reseller_uuid: acme.reseller_uuid,
          user_uuid,
          is_received,
          ani,
          dnis,
          text,
          status,
          segments: seg.segments,
          encoding: seg.encoding,
          price: priced ? price(dnis).toString() : null,
          cost: priced ? cost(dnis).toString() : null,
          vendor_product_uuid: priced ? (vp?.vendor_product_uuid ?? null) : null,
          vendor_product_name: priced ? (vp?.vendor_product_name ?? null) : null,
          block_reason: status === 'blocked' ? 'suppressed' : null,
          status_message:
            status === 'blocked'
              ? '+13125550187 is on your suppression list (opted out); the message was not sent'
              : status === 'undelivered'
                ? 'SMSC error 001'
                : null,
          sent_on: priced ? at : null,
          delivered_on: priced ? new Date(at.getTime() + 4000) : null,
          created_on: at,
        })
        .returning('sms_uuid')
        .executeTakeFirstOrThrow();
      if (status === 'delivered') {
        await post(trx, {
          account: { company_uuid: acme.company_uuid },
          amount: -price(dnis),
          kind: 'sms_charge',
          cause_type: 'sms',
          cause_id: m.sms_uuid,
          memo: 'SMS delivered',
        });
      }
    }
    await trx
      .insertInto('suppressed_numbers')
      .values({
        company_uuid: acme.company_uuid,
        number: '+13125550187',
        source: 'stop',
        created_on: new Date(now - 6 * HOUR),
      } as never)
      .execute();
  });
}
