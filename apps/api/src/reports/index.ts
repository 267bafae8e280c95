// Reports: rollups of messages (triggers → deltas → fold), the report calls of spec §7, streamed CSV.
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import reportRoutes from './routes';
import { foldDeltas } from './queries';

export { foldDeltas } from './queries';
export { logReportOr } from './log-export';

/** How often unfolded deltas move into the rollups (reads add the unfolded ones, so this is about read cost only). */
const FOLD_EVERY_MS = Number(process.env.REPORT_FOLD_MS) || 5_000;

export default fp(async function reports(app: FastifyInstance) {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  const tick = () => {
    running = foldDeltas(app.db).catch((err: Error) => app.log.warn({ err: err.message }, 'report fold failed')).finally(() => {
      running = null;
      if (timer) timer = setTimeout(tick, FOLD_EVERY_MS).unref();
    });
  };
  app.addHook('onReady', async () => {
    timer = setTimeout(tick, FOLD_EVERY_MS);
    timer.unref();
  });
  app.addHook('preClose', async () => {
    if (timer) clearTimeout(timer);
    timer = null;
    await running;
  });
  await app.register(reportRoutes);
}, { name: 'reports' });
