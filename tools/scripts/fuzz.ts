// A longer fuzz run than the one inside `npm test`: every route of the OpenAPI document as every role,
// on a fresh in-memory database (or a fresh schema of DATABASE_URL). Prints requests tried and failures.
//   npm run fuzz                       seed 20261125, 50 rounds, up to 10 minutes
//   FUZZ_SEED=7 FUZZ_ROUNDS=200 FUZZ_BUDGET_MS=3600000 npm run fuzz
import { createTestApp } from '../../apps/api/src/testing/test-app';
import { FUZZ_APP, runFuzz } from '../../apps/api/src/security/fuzz/run-fuzz';

async function main() {
  const seed = Number(process.env.FUZZ_SEED ?? 20261125);
  const rounds = Number(process.env.FUZZ_ROUNDS ?? 50);
  const budgetMs = Number(process.env.FUZZ_BUDGET_MS ?? 10 * 60_000);
  // with the demo payments: a company with money gets past the balance check to the rules behind it
  const t = await createTestApp({ ...FUZZ_APP, demoBilling: true });
  try {
    const report = await runFuzz(t.app, {
      seed,
      rounds,
      budgetMs,
      onRound: (round, r) =>
        console.log(
          `round ${round}: ${r.requests} requests, ${r.failures.length} failures, ${(r.ms / 1000).toFixed(1)} s`,
        ),
    });
    console.log(
      `\nseed ${report.seed}: ${report.requests} requests over ${report.routes} routes × ${report.roles} roles in ${report.rounds} rounds, ${(report.ms / 1000).toFixed(1)} s`,
    );
    console.log(
      `statuses: ${Object.entries(report.statuses)
        .sort()
        .map(([s, n]) => `${s}×${n}`)
        .join(' ')}`,
    );
    console.log('class            requests  5xx  cross-tenant  other   seconds');
    for (const [cls, c] of Object.entries(report.classes))
      console.log(
        `${cls.padEnd(16)} ${String(c.requests).padStart(8)} ${String(c['5xx']).padStart(4)} ${String(c['cross-tenant']).padStart(13)} ${String(c.other).padStart(6)} ${(c.ms / 1000).toFixed(1).padStart(9)}`,
      );
    console.log(`failures: ${report.failures.length}`);
    for (const f of report.failures)
      console.log(`  [${f.role}] (${f.cls}) ${f.operation}: ${f.reason}\n      ${f.request}`);
    process.exitCode = report.failures.length ? 1 : 0;
  } finally {
    await t.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
