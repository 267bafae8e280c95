// The console's live event stream, GET /events (Server-Sent Events): one per signed-in session, scoped by the
// tenancy helper (canSee), carrying small events that name what changed (libs/shared/contract live.ts).
//
// Auth: the console reads the stream with fetch() and sends its bearer token in the Authorization header like
// every other call, so the one auth hook checks it (revocation, password change, deactivation) and the token
// never lands in a URL or a log. EventSource cannot send that header; a stream ticket would be a second
// credential to issue, store and expire. The console reconnects itself (with backoff), and refetches everything
// the stream covers on each new stream's `ready` frame: no event id to resume from is needed.
//
// A stream ends at its session's expiry, at its sign-out (on any node: the token_revocations trigger), when its
// client stops reading (a backlog past MAX_BACKLOG bytes), and when the server closes.
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerResponse } from 'node:http';
import { LIVE_EVENT_KINDS, LIVE_EVENTS_PATH, LIVE_READY_EVENT, type LiveEventKind } from '@smsc/shared-contract';
import type { AccessPolicy } from '../lib/access';
import { HttpError } from '../lib/http-error';
import { callerScope } from '../lib/tenancy';
import { LiveBus, type BusEvent } from './bus';
import { Fanout } from './fanout';

export { LiveBus, type BusEvent } from './bus';
export { frame } from './fanout';

declare module 'fastify' {
  interface FastifyInstance {
    /** this node's end of the live events (live/bus.ts) */
    live: LiveBus;
  }
}

/** Every signed-in role; a company API key (a sending door) opens no stream. */
const access: AccessPolicy = { admin: 'all', reseller: 'tenant', company_admin: 'tenant', user: 'tenant' };

/** The kinds a stream forwards; any other a trigger publishes (revoked) is the server's own. */
const FORWARDED = new Set<string>(LIVE_EVENT_KINDS satisfies readonly LiveEventKind[]);
/** A client that stops reading is cut off once this much waits for it. */
const MAX_BACKLOG = 256 * 1024;
/** Open streams a user may hold (tabs, devices): a bound on what one account can make a node keep. */
const MAX_STREAMS_PER_USER = 20;
const HEARTBEAT_MS = 20_000;

export default fp(
  async function live(app: FastifyInstance) {
    const bus = new LiveBus({
      db: app.db,
      databaseUrl: app.config.databaseUrl,
      schema: app.config.dbSchema,
      log: app.log,
    });
    app.decorate('live', bus);
    await bus.start();
    const open = new Set<() => void>();
    const perUser = new Map<string, number>();
    const fanout = new Fanout();
    /** the streams of each session (its token's jti): a sign-out on any node ends them at once */
    const byJti = new Map<string, Set<() => void>>();
    bus.subscribe((e: BusEvent) => {
      if (e.k === 'revoked') {
        for (const end of [...(e.id ? (byJti.get(e.id) ?? []) : [])]) end();
        return;
      }
      if (FORWARDED.has(e.k)) fanout.push(e);
    });
    // before the server waits for its connections: an open stream would hold the close forever
    app.addHook('preClose', async () => {
      for (const end of [...open]) end();
    });
    app.addHook('onClose', async () => {
      fanout.close();
      await bus.close();
    });

    app.get(
      LIVE_EVENTS_PATH,
      {
        config: { access },
        schema: { tags: ['live'], summary: 'The session’s live event stream (text/event-stream)' },
      },
      async (req: FastifyRequest, reply: FastifyReply) => {
        const user = req.user;
        const mine = perUser.get(user.uuid) ?? 0;
        if (mine >= MAX_STREAMS_PER_USER) throw new HttpError(429, 'Too many open event streams for this user');
        const scope = callerScope(req);
        reply.hijack();
        const res: ServerResponse = reply.raw;
        res.writeHead(200, {
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-store',
          'x-content-type-options': 'nosniff',
          // a buffering proxy (nginx) would hold events back until its buffer fills
          'x-accel-buffering': 'no',
          // a stream's connection is not reused: one the server ended would otherwise idle on until the client's
          // pool dropped it (and hold up a server close meanwhile)
          connection: 'close',
        });
        perUser.set(user.uuid, mine + 1);
        let ended = false;
        const write = (chunk: string | Buffer) => {
          if (ended) return;
          res.write(chunk);
          if (res.writableLength > MAX_BACKLOG) end();
        };
        const unsubscribe = fanout.add({ scope, write });
        const session = byJti.get(user.jti) ?? new Set<() => void>();
        byJti.set(user.jti, session.add(end));
        const heartbeat = setInterval(() => write(': ping\n\n'), HEARTBEAT_MS);
        // the session's own end; a token without one (never issued by us) gets no stream past a heartbeat
        const expiry = setTimeout(end, Math.min(2 ** 31 - 1, Math.max(0, user.exp * 1000 - Date.now())));
        function end() {
          if (ended) return;
          ended = true;
          unsubscribe();
          session.delete(end);
          if (!session.size) byJti.delete(user.jti);
          clearInterval(heartbeat);
          clearTimeout(expiry);
          open.delete(end);
          const left = (perUser.get(user.uuid) ?? 1) - 1;
          if (left > 0) perUser.set(user.uuid, left);
          else perUser.delete(user.uuid);
          res.end();
        }
        open.add(end);
        res.on('close', end);
        res.on('error', end);
        // tells the client the stream is subscribed: whatever changes from here on reaches it
        write(`retry: 5000\nevent: ${LIVE_READY_EVENT}\ndata: {}\n\n`);
      },
    );
  },
  { name: 'live' },
);
