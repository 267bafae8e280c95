// Leadership (cluster/leadership.ts): one node of several holds a role, and another takes it over
// within a poll when the holder goes. On PostgreSQL (DATABASE_URL) with two lock connections; without
// it the embedded case, where the one process holds every role.
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Leadership } from './leadership';

const url = process.env.DATABASE_URL || undefined;
const nothing = () => undefined;
const log = { info: nothing, warn: nothing } as unknown as FastifyBaseLogger;

describe('Leadership', () => {
  it('one node of two runs a role; the other takes it over within a poll once the first is gone', async () => {
    // a schema name of our own: the key never meets another test file's
    const schema = `lead_${randomBytes(4).toString('hex')}`;
    const ticks = { a: 0, b: 0 };
    let lostA = 0;
    const make = (who: 'a' | 'b') => {
      const l = new Leadership({ databaseUrl: url, schema, pollMs: 100, log });
      l.lead('job', {
        tick: async () => void ticks[who]++,
        lost: () => void (who === 'a' && lostA++),
      });
      return l;
    };
    const a = make('a');
    const b = make('b');
    try {
      await a.start();
      await b.start();
      expect(a.holds('job')).toBe(true);
      if (!url) {
        // embedded: a single process, every role its own, no polling
        expect(b.holds('job')).toBe(true);
        return;
      }
      expect(b.holds('job')).toBe(false);
      await new Promise((r) => setTimeout(r, 350));
      expect(ticks.a).toBeGreaterThanOrEqual(3);
      expect(ticks.b).toBe(0);
      const gone = Date.now();
      await a.close();
      expect(lostA).toBe(1);
      while (!b.holds('job') && Date.now() - gone < 2000) await new Promise((r) => setTimeout(r, 10));
      expect(b.holds('job')).toBe(true);
      expect(Date.now() - gone).toBeLessThan(400);
      await b.poll();
      expect(ticks.b).toBeGreaterThan(0);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
