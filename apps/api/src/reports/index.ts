// Reports: rollups of messages (triggers → deltas → fold), the report calls of docs/spec.md §7, streamed CSV.
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import reportRoutes from './routes';
import { foldDeltas } from './queries';
import { vacuumWhereNoAutovacuum } from '../db/maintenance';

export { foldDeltas } from './queries';
export { answerReport, genericRequest } from './report-request';

/**
 * Every fold deletes the deltas it moved, and each read scans the deltas: where no autovacuum runs (PGlite), that
 * scan would cross every dead row ever folded without a vacuum. About once a minute there.
 */
const VACUUM_EVERY_FOLDS = 12;
const FOLD_ROLE = 'report-fold';

export default fp(
  async function reports(app: FastifyInstance) {
    // how often unfolded deltas move into the rollups (reads add the unfolded ones, so this is about read cost only)
    const FOLD_EVERY_MS = app.config.env.REPORT_FOLD_MS;
    let timer: NodeJS.Timeout | null = null;
    let running: Promise<unknown> | null = null;
    let folds = 0;
    const fold = async () => {
      const moved = await foldDeltas(app.db);
      if (moved > 0 && ++folds % VACUUM_EVERY_FOLDS === 0) await vacuumWhereNoAutovacuum(app.db, ['report_deltas']);
    };
    // one node folds at a time (concurrent folds would wait on each other's rows, or deadlock on the rollups)
    app.leadership.lead(FOLD_ROLE);
    const tick = () => {
      running = (app.leadership.holds(FOLD_ROLE) ? fold() : Promise.resolve())
        .catch((err: Error) => app.log.warn({ err: err.message }, 'report fold failed'))
        .finally(() => {
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
  },
  { name: 'reports', dependencies: ['messaging', 'messaging-content', 'cluster'] },
);
