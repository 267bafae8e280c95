// The lost-receipt job: a periodic pg-boss job (one queued at a time whatever the number of server
// processes, by its singleton key) that expires messages whose delivery report never came (expire.ts).
// RECEIPT_EXPIRY_MINUTES (default 2880: 48 h, the usual SMSC validity period) and
// RECEIPT_EXPIRY_CHECK_SECONDS (default 300), or BuildOptions.receiptExpiry.
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { jobsOf } from '../jobs';
import { expireLostReceipts } from './expire';
import type { EnvConfig } from '../config';

export { expireLostReceipts, expiryMessage, type ExpiryOptions } from './expire';

export const RECEIPT_EXPIRY_JOB = 'receipt-expiry';
const KEY = 'receipt-expiry';

export interface ReceiptExpiryOptions {
  afterSeconds: number;
  everySeconds: number;
}

export function receiptExpiryFrom(
  o: Partial<ReceiptExpiryOptions> | undefined,
  env: Pick<EnvConfig, 'RECEIPT_EXPIRY_MINUTES' | 'RECEIPT_EXPIRY_CHECK_SECONDS'>,
): ReceiptExpiryOptions {
  return {
    afterSeconds: o?.afterSeconds ?? Math.round(env.RECEIPT_EXPIRY_MINUTES * 60),
    everySeconds: o?.everySeconds ?? env.RECEIPT_EXPIRY_CHECK_SECONDS,
  };
}

export default fp(
  async function receiptExpiry(app: FastifyInstance) {
    const opts = receiptExpiryFrom(app.config.receiptExpiry, app.config.env);
    const jobs = jobsOf(app);
    let closing = false;
    const next = (inSeconds: number) =>
      jobs.send(RECEIPT_EXPIRY_JOB, {}, { singletonKey: KEY, startAfter: new Date(Date.now() + inSeconds * 1000) });
    await jobs.work(
      RECEIPT_EXPIRY_JOB,
      async () => {
        let more = false;
        try {
          const r = await expireLostReceipts(app.db, { afterSeconds: opts.afterSeconds });
          more = r.more;
          if (r.expired)
            app.log.warn(
              { expired: r.expired, after_seconds: opts.afterSeconds },
              'messages without a delivery receipt expired (undelivered, holds released)',
            );
        } finally {
          // the next run is queued by this one (pg-boss runs here without its cron scheduler)
          if (!closing) await next(more ? 0 : opts.everySeconds);
        }
      },
      { pollingIntervalSeconds: Math.min(5, opts.everySeconds) },
    );
    app.addHook('onReady', async () => {
      await next(opts.everySeconds);
    });
    app.addHook('preClose', async () => {
      closing = true;
    });
  },
  { name: 'receipt-expiry', dependencies: ['jobs', 'messaging'] },
);
