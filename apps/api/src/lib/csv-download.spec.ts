import Fastify from 'fastify';
import { csvCell, csvLine, sendCsv } from './csv-download';

describe('CSV cells', () => {
  it('escapes formulas in text but leaves phone numbers and figures as written', () => {
    expect(csvCell('+12125550100', 'phone')).toBe('+12125550100');
    expect(csvCell('-0.25', 'number')).toBe('-0.25');
    // an E.164 number is data in any column; text after a + is still neutralised
    expect(csvCell('+12125550100')).toBe('+12125550100');
    expect(csvCell('+1 call me')).toBe("'+1 call me");
    expect(csvCell('0.0120', 'money')).toBe('0.012');
    expect(csvCell('=SUM(A1:A9)')).toBe("'=SUM(A1:A9)");
    expect(csvCell('@cmd')).toBe("'@cmd");
    expect(csvCell('a, "b"')).toBe('"a, ""b"""');
    expect(csvCell(null)).toBe('');
    expect(
      csvLine(
        [
          { key: 'to', title: 'To', kind: 'phone' },
          { key: 'text', title: 'Text' },
        ],
        { to: '+4420', text: '-1 left' },
      ),
    ).toBe("+4420,'-1 left\r\n");
  });
});

describe('streamed CSV download', () => {
  it('sends the first rows at once and stops asking the source once the client goes away', async () => {
    // a connection the test leaves open must not keep close() waiting
    const app = Fastify({ forceCloseConnections: true });
    let batches = 0;
    app.get('/rows', (_req, reply) =>
      sendCsv(reply, 'rows.csv', [{ key: 'n', title: 'N', kind: 'number' }], async function* (stopped) {
        // an endless source: only the client's leaving ends it
        for (;;) {
          if (stopped()) return;
          batches++;
          await new Promise((r) => setTimeout(r, 5));
          yield Array.from({ length: 1000 }, (_, i) => ({ n: batches * 1000 + i }));
        }
      }),
    );
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const ac = new AbortController();
      const res = await fetch(`${address}/rows`, { signal: ac.signal });
      expect(res.headers.get('content-type')).toMatch(/text\/csv/);
      const reader = res.body!.getReader();
      const first = new TextDecoder().decode((await reader.read()).value);
      expect(first.startsWith('N\r\n1000\r\n')).toBe(true);
      ac.abort();
      await new Promise((r) => setTimeout(r, 300));
      const after = batches;
      await new Promise((r) => setTimeout(r, 300));
      // nothing more is read after the download ended (at most the batch in flight finished)
      expect(batches).toBe(after);
      expect(batches).toBeLessThan(200);
    } finally {
      await app.close();
    }
  }, 60_000);

  it('lets the first batch leave before reading on, when the source answers in this thread (as PGlite does)', async () => {
    const app = Fastify({ forceCloseConnections: true });
    let batches = 0;
    app.get('/rows', (_req, reply) =>
      sendCsv(reply, 'rows.csv', [{ key: 'n', title: 'N', kind: 'number' }], async function* (stopped) {
        while (!stopped() && batches < 60) {
          batches++;
          // a synchronous query: busy for a while, then resolved without waiting on any I/O
          const until = Date.now() + 20;
          while (Date.now() < until) {
            /* working */
          }
          await Promise.resolve();
          yield Array.from({ length: 2000 }, (_, i) => ({ n: batches * 2000 + i }));
        }
      }),
    );
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const ac = new AbortController();
      const res = await fetch(`${address}/rows`, { signal: ac.signal });
      const reader = res.body!.getReader();
      await reader.read();
      // the bytes of batch 1 arrived while only a few batches had been read (not a buffer's worth of them)
      expect(batches).toBeLessThanOrEqual(4);
      ac.abort();
    } finally {
      await app.close();
    }
  }, 60_000);
});
