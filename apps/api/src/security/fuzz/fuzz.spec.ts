import { createTestApp, type TestApp } from '../../testing/test-app';
import { FUZZ_APP, runFuzz } from './run-fuzz';

// Fixed by default so a failure reproduces; FUZZ_SEED explores other inputs, FUZZ_ROUNDS goes deeper.
const SEED = Number(process.env.FUZZ_SEED ?? 20261125);
const ROUNDS = Number(process.env.FUZZ_ROUNDS ?? 6);
const BUDGET_MS = Number(process.env.FUZZ_BUDGET_MS ?? 45_000);

describe('every route of the OpenAPI document, fuzzed as every role', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(FUZZ_APP);
  }, 120_000);
  afterAll(async () => t.close());

  it(`answers no 5xx, never hangs and writes nothing on a 4xx (seed ${SEED})`, async () => {
    const report = await runFuzz(t.app, { seed: SEED, rounds: ROUNDS, budgetMs: BUDGET_MS });
    // Every route was reached by every role at least once (round 1 always completes).
    expect(report.rounds).toBeGreaterThanOrEqual(1);
    expect(report.requests).toBeGreaterThanOrEqual(report.routes * report.roles);
    expect(report.routes).toBeGreaterThan(20);
    expect(report.failures).toEqual([]);
  }, 180_000);
});
