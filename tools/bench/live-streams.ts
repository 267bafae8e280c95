// The live event stream at volume (issue 44): LIVE_STREAMS (1,000) open GET /events streams, held by a process
// of their own, while POST /sms runs at LIVE_RATE (500) msg/s for LIVE_SECONDS (10) a phase, with the simulator
// delivering each at once (each store, status move and balance change is an event). Phases alternate without and
// with the streams (LIVE_PHASES, default off,on,off,on): the API process's CPU per message is compared as a ratio
// of the means, in one run, so the machine's other load falls on both alike.
// Most streams belong to the sending company's users (each of its events goes to all of them: the worst case of
// fan-out). The sends are group-committed (a statement stores many messages, one event without an id), so
// delivery is timed on probes: LIVE_PROBES (10) a second in every phase, a template row of another company written on its own
// (one event naming it), heard by LIVE_WATCHERS (50) streams of that company's users: from the row's created_on
// (its transaction's start) to the frame's arrival on each, p50 and p95, and probes a watcher never got.
// On PostgreSQL (LISTEN/NOTIFY; BENCH_DATABASE_URL or DATABASE_URL, default
// postgres://postgres@127.0.0.1:5432/bench_live, a throwaway schema) or PGlite (LIVE_MODE=pglite).
// Usage: npm run bench:live
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { API_PREFIX, type LiveEvent } from '@smsc/shared-contract';
import { messagingOf, SmscSimulator } from '../../apps/api/src/messaging';
import { signToken } from '../../apps/api/src/lib/tokens';
import { benchDatabaseUrl, cpuMeter, demoCompanies, machineLine, percentile, startBenchApp } from './support';

const STREAMS = Number(process.env.LIVE_STREAMS ?? 1000);
const WATCHERS = Number(process.env.LIVE_WATCHERS ?? 50);
const RATE = Number(process.env.LIVE_RATE ?? 500);
const SECONDS = Number(process.env.LIVE_SECONDS ?? 10);
const PHASES = (process.env.LIVE_PHASES ?? 'off,on,off,on').split(',') as ('off' | 'on')[];
const MODE = process.env.LIVE_MODE ?? 'postgres';
const CONCURRENCY = 64;
const PROBES = Number(process.env.LIVE_PROBES ?? 10);
/** the server's limit of streams a user holds at once */
const PER_USER = 20;
const log = (s: string) => console.error(s);

interface StreamsReady {
  type: 'ready';
  opened: number;
}
interface StreamsDone {
  type: 'done';
  /**
   * per watching stream, the arrival time (ms since the epoch) of each probe's own frame, and of each frame that
   * told the probes' kind alone (the node folds a window's many rows of one kind into one: fanout.ts)
   */
  watchers: { arrivals: Record<string, number>; folds: number[] }[];
  frames: number;
}

// ---- the streams' process -------------------------------------------------------------------------------

async function holdStreams(url: string, tokens: { token: string; watch: boolean }[]): Promise<void> {
  const abort = new AbortController();
  const watchers: StreamsDone['watchers'] = [];
  let frames = 0;
  let opened = 0;
  const open = async ({ token, watch }: { token: string; watch: boolean }) => {
    const res = await fetch(`${url}${API_PREFIX}/events`, {
      headers: { authorization: `Bearer ${token}` },
      signal: abort.signal,
    });
    if (res.status !== 200 || !res.body) throw new Error(`stream refused: ${res.status}`);
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    const mine: StreamsDone['watchers'][number] = { arrivals: {}, folds: [] };
    if (watch) watchers.push(mine);
    let ready: () => void = () => undefined;
    const isReady = new Promise<void>((r) => (ready = r));
    void (async () => {
      let buf = '';
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          const now = Date.now();
          buf += value;
          let at: number;
          while ((at = buf.indexOf('\n\n')) >= 0) {
            const block = buf.slice(0, at);
            buf = buf.slice(at + 2);
            if (block.includes('event: ready')) ready();
            const data = /^data: (.*)$/m.exec(block);
            if (!data) continue;
            frames++;
            if (!watch) continue;
            const e = JSON.parse(data[1]) as LiveEvent;
            if (e.kind !== 'template') continue;
            if (e.id) mine.arrivals[e.id] ??= now;
            else mine.folds.push(now);
          }
        }
      } catch {
        // aborted at the end
      }
    })();
    await isReady;
    opened++;
  };
  // opened 50 at a time: a thousand at once would be a connection storm, not what is measured
  for (let i = 0; i < tokens.length; i += 50) await Promise.all(tokens.slice(i, i + 50).map(open));
  process.send?.({ type: 'ready', opened } satisfies StreamsReady);
  process.on('message', (m: { type: string }) => {
    if (m.type !== 'stop') return;
    abort.abort();
    process.send?.({ type: 'done', watchers, frames } satisfies StreamsDone, () => process.exit(0));
  });
}

// ---- the API's process ----------------------------------------------------------------------------------

/** Users to hold `n` streams, PER_USER each, in `company` (company admins signed by the server's own key). */
async function streamUsers(app: FastifyInstance, company: string, n: number, tag: string): Promise<string[]> {
  const tokens: string[] = [];
  for (let u = 0; tokens.length < n; u++) {
    const email = `live-${tag}-${u}-${randomBytes(3).toString('hex')}@example.com`;
    const { uuid } = await app.db
      .insertInto('users')
      .values({
        email,
        password_hash: 'x',
        full_name: `Live ${tag} ${u}`,
        user_type: 'company_admin',
        company_uuid: company,
      })
      .returning('uuid')
      .executeTakeFirstOrThrow();
    const { token } = signToken(app.config.jwtSecret, { sub: uuid, typ: 'company_admin', email }, 3600);
    tokens.push(...Array.from({ length: Math.min(PER_USER, n - tokens.length) }, () => token));
  }
  return tokens;
}

/** POST /sms at `rate` a second for `seconds`: the ids stored and how many were refused. */
async function paced(
  app: FastifyInstance,
  headers: Record<string, string>,
  phase: number,
  total = RATE * SECONDS,
): Promise<{ ids: string[]; refused: number; wall: number }> {
  const ids: string[] = [];
  let refused = 0;
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < total) {
        const i = next++;
        const due = t0 + (i * 1000) / RATE;
        const wait = due - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        const res = await app.inject({
          method: 'POST',
          url: `${API_PREFIX}/sms`,
          headers,
          payload: {
            ani: '+12125552301',
            dnis: `+1312555${String((phase * total + i) % 10000).padStart(4, '0')}`,
            text: `Live ${phase} ${i}`,
          },
        });
        if (res.statusCode === 201) ids.push(res.json().sms_uuid as string);
        else refused++;
      }
    }),
  );
  return { ids, refused, wall: performance.now() - t0 };
}

/** A template row of `company` written on its own, PROBES a second, until stopped: the ids written. */
function probe(app: FastifyInstance, company: string, phase: number) {
  const ids: string[] = [];
  let i = 0;
  let busy: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    busy = app.db
      .insertInto('sms_templates')
      .values({ company_uuid: company, template_name: `probe ${phase}-${i++}`, text: 'probe' })
      .returning('sms_template_uuid')
      .executeTakeFirstOrThrow()
      .then((r) => void ids.push(r.sms_template_uuid));
  }, 1000 / PROBES);
  return {
    async stop() {
      clearInterval(timer);
      await busy;
      // the last probes' frames are still on their way
      await new Promise((r) => setTimeout(r, 2000));
      return ids;
    },
  };
}

function startStreams(url: string, tokens: { token: string; watch: boolean }[]) {
  const child: ChildProcess = fork(process.argv[1], ['--streams'], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const next = <T>(type: string) =>
    new Promise<T>((resolve, reject) => {
      const onMessage = (m: { type: string }) => {
        if (m.type !== type) return;
        child.off('message', onMessage);
        resolve(m as T);
      };
      child.on('message', onMessage);
      child.once('exit', (code) => reject(new Error(`the streams' process exited (${code})`)));
    });
  const ready = next<StreamsReady>('ready');
  child.send({ type: 'start', url, tokens });
  return {
    ready,
    async stop(): Promise<StreamsDone> {
      const done = next<StreamsDone>('done');
      child.send({ type: 'stop' });
      return done;
    },
  };
}

async function main(): Promise<void> {
  const bench = await startBenchApp(
    MODE,
    'live',
    { messaging: { gatewaySecret: 'bench', simLatencyMs: 0, simFailureRate: 0, simAutoDeliver: true } },
    benchDatabaseUrl('postgres://postgres@127.0.0.1:5432/bench_live'),
  );
  const app = bench.app;
  try {
    const { gateway } = messagingOf(app);
    if (!(gateway instanceof SmscSimulator)) throw new Error('the simulator is not the gateway');
    await bench.fundCompany('Acme', 10_000_000_000_000n);
    const { acme, globex } = await demoCompanies(app);
    const headers = await bench.signIn('acme-admin@example.com');
    const probeCompany = globex.company_uuid;
    const tokens = [
      ...(await streamUsers(app, probeCompany, WATCHERS, 'probe')).map((token) => ({ token, watch: true })),
      ...(await streamUsers(app, acme.company_uuid, STREAMS - WATCHERS, 'acme')).map((token) => ({
        token,
        watch: false,
      })),
    ];
    await app.listen({ port: 0, host: '127.0.0.1' });
    const addr = app.server.address();
    const url = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;

    // a warm-up, so the first phase does not pay for the first statements' plans
    await paced(app, headers, 99, RATE * 2);
    await gateway.drain();

    const cpuPerMessage: Record<'off' | 'on', number[]> = { off: [], on: [] };
    const lines: string[] = [];
    const watchedIds: string[] = [];
    const roundIds: string[] = [];
    let streams: ReturnType<typeof startStreams> | null = null;
    for (const [n, phase] of PHASES.entries()) {
      if (phase === 'on' && !streams) {
        streams = startStreams(url, tokens);
        const { opened } = await streams.ready;
        log(`${opened} streams open`);
      }
      const cpu = cpuMeter();
      // probes in every phase (their writes are part of the work measured), timed in those with streams
      const probing = probe(app, probeCompany, n);
      const r = await paced(app, headers, n);
      const probed = await probing.stop();
      if (phase === 'on') {
        watchedIds.push(...probed);
        roundIds.push(...probed);
      }
      await gateway.drain();
      const ms = cpu();
      const per = ms / r.ids.length;
      cpuPerMessage[phase].push(per);
      const line = `phase ${n + 1} (${phase === 'on' ? `${STREAMS} streams` : 'no streams'}): ${r.ids.length} sent, ${r.refused} refused, ${(r.ids.length / (r.wall / 1000)).toFixed(0)} msg/s, API CPU ${per.toFixed(3)} ms a message; ${machineLine()}`;
      log(line);
      lines.push(line);
      // the streams close after each "on" phase, so an "off" phase has none
      if (phase === 'on' && streams && PHASES[n + 1] === 'off') {
        await collect(streams.stop());
        streams = null;
      }
    }
    if (streams) await collect(streams.stop());

    async function collect(p: Promise<StreamsDone>) {
      const done = await p;
      results.frames += done.frames;
      results.rounds.push({ ids: roundIds.splice(0), watchers: done.watchers });
    }

    // the latency of each watched event on each watching stream
    const created = new Map<string, number>();
    for (let i = 0; i < watchedIds.length; i += 5000) {
      const rows = await sql<{
        id: string;
        ms: string;
      }>`select sms_template_uuid::text as id, (extract(epoch from created_on) * 1000)::text as ms
        from sms_templates where sms_template_uuid = any(${watchedIds.slice(i, i + 5000)}::uuid[])`.execute(app.db);
      for (const r of rows.rows) created.set(r.id, Number(r.ms));
    }
    // a probe reached a stream by its own frame, or by the first frame after its write that told its kind alone
    const latencies: number[] = [];
    let missing = 0;
    let folded = 0;
    for (const round of results.rounds)
      for (const id of round.ids) {
        const at = created.get(id);
        missing += Math.max(0, WATCHERS - round.watchers.length);
        for (const w of round.watchers) {
          const own = w.arrivals[id];
          const fold = at === undefined ? undefined : w.folds.find((f) => f >= at);
          if (own !== undefined) latencies.push(own - (at ?? own));
          else if (fold !== undefined && at !== undefined) {
            folded++;
            latencies.push(fold - at);
          } else missing++;
        }
      }
    latencies.sort((a, b) => a - b);
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const ratio = mean(cpuPerMessage.on) / mean(cpuPerMessage.off);
    console.log(
      `Live streams (${MODE}): ${STREAMS} open streams (${WATCHERS} of them the probes' company's, the rest the sending company's), POST /sms paced at ${RATE} msg/s for ${SECONDS} s a phase`,
    );
    for (const l of lines) console.log(l);
    console.log(
      `event delivery (a probe's row written → its frame on a watching stream), ${latencies.length} deliveries of ${watchedIds.length} probes: ` +
        `p50 ${percentile(latencies, 50).toFixed(0)} ms, p95 ${percentile(latencies, 95).toFixed(0)} ms, max ${latencies[latencies.length - 1]?.toFixed(0)} ms; ` +
        `${missing} missed; ${folded} deliveries by a folded frame (the kind alone); ${results.frames} frames received in all (goal p95 ≤ 1,000 ms)`,
    );
    console.log(
      `API CPU a message: without streams ${mean(cpuPerMessage.off).toFixed(3)} ms, with ${mean(cpuPerMessage.on).toFixed(3)} ms: ` +
        `ratio ${ratio.toFixed(3)} (${((ratio - 1) * 100).toFixed(1)} %; goal ≤ +10 %); ${machineLine()}`,
    );
  } finally {
    await bench.close();
  }
}
/** per time the streams were open: the probes written meanwhile and what each watching stream received */
const results: { rounds: { ids: string[]; watchers: StreamsDone['watchers'] }[]; frames: number } = {
  rounds: [],
  frames: 0,
};

if (process.argv.includes('--streams')) {
  process.once('message', (m: { type: string; url: string; tokens: { token: string; watch: boolean }[] }) => {
    holdStreams(m.url, m.tokens).catch((err) => {
      console.error(err);
      process.exit(1);
    });
  });
} else {
  main().catch((err) => {
    console.error(err);
    process.exitCode = 1;
  });
}
