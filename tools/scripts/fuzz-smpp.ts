// A longer SMPP fuzz run than the one inside `npm test` (apps/api/src/smpp/smpp-fuzz.spec.ts): hostile raw TCP
// clients against the customer SMPP port of a server in a process of its own, while another tenant's HTTP and
// SMPP probes must keep being answered. Prints cases, probes' latencies and failures; exit code 1 on any.
//   npm run fuzz:smpp                                   seed 20261206, 5 minutes
//   SMPP_FUZZ_SEED=7 SMPP_FUZZ_BUDGET_MS=60000 npm run fuzz:smpp
//   SMPP_FUZZ_SEED=7 SMPP_FUZZ_CASES=12,40 npm run fuzz:smpp     replays those cases of that seed alone
// Also: SMPP_FUZZ_WORKERS (4), SMPP_FUZZ_IDLE (idle connections held, 500), SMPP_FUZZ_BOUND_MS (5000),
// SMPP_FUZZ_MAX_RSS_MB (2048), DATABASE_URL (a fresh schema of that PostgreSQL instead of PGlite).
import { spawnTarget } from '../../apps/api/src/smpp/fuzz/spawn-target';
import { formatReport, runSmppFuzz } from '../../apps/api/src/smpp/fuzz/run-smpp-fuzz';

async function main() {
  const env = process.env;
  const target = await spawnTarget();
  try {
    const report = await runSmppFuzz(target, {
      seed: Number(env.SMPP_FUZZ_SEED ?? 20261206),
      budgetMs: Number(env.SMPP_FUZZ_BUDGET_MS ?? 5 * 60_000),
      workers: Number(env.SMPP_FUZZ_WORKERS ?? 4),
      idle: Number(env.SMPP_FUZZ_IDLE ?? 500),
      boundMs: Number(env.SMPP_FUZZ_BOUND_MS ?? 5000),
      maxRssMb: Number(env.SMPP_FUZZ_MAX_RSS_MB ?? 2048),
      cases: env.SMPP_FUZZ_CASES ? env.SMPP_FUZZ_CASES.split(',').map(Number) : undefined,
      onCase: env.SMPP_FUZZ_VERBOSE ? (i, a) => console.error(`case #${i}: ${a}`) : undefined,
    });
    console.log(formatReport(report));
    process.exitCode = report.failures.length ? 1 : 0;
  } finally {
    await target.stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
