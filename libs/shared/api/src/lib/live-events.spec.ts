import { LIVE_EVENT_KINDS } from '@smsc/shared-contract';
import { LIVE_TAGS, startLiveEvents, tagsOf } from './live-events';
import {
  BULK_TAG,
  DID_TAG,
  GUARDS_TAG,
  LEDGER_TAG,
  SMPP_ACCOUNT_TAG,
  SMS_TAG,
  TEMPLATE_TAG,
  WEBHOOK_TAG,
} from './shared-tags';
import { fakeLiveStreams, liveFrame as frame, READY_FRAME as ready } from './fake-live-streams';

const tick = (ms = 0) => new Promise((r) => setTimeout(r, ms));
type Invalidation = { type: string; payload: unknown[] };

describe('live events (the console end of GET /events)', () => {
  it('maps every kind the server sends to the tags of what it changed', () => {
    for (const kind of LIVE_EVENT_KINDS) expect(LIVE_TAGS[kind]).toBeDefined();
    const alerts = { type: GUARDS_TAG, id: 'ALERTS' };
    // the balance moved: the ledger's reads, and the company's spend (its guards' usage) and alerts
    expect(tagsOf({ kind: 'balance', company_uuid: 'c' })).toEqual([LEDGER_TAG, { type: GUARDS_TAG, id: 'c' }, alerts]);
    expect(tagsOf({ kind: 'sms', id: 's' })).toEqual([SMS_TAG]);
    expect(tagsOf({ kind: 'did' })).toEqual([DID_TAG]);
    expect(tagsOf({ kind: 'bulk', id: 'b' })).toEqual([
      { type: BULK_TAG, id: 'b' },
      { type: BULK_TAG, id: 'LIST' },
    ]);
    expect(tagsOf({ kind: 'webhook', id: 'w', company_uuid: 'c' })).toEqual([
      { type: WEBHOOK_TAG, id: 'w' },
      { type: WEBHOOK_TAG, id: 'LIST' },
      { type: WEBHOOK_TAG, id: 'log-w' },
    ]);
    expect(tagsOf({ kind: 'smpp', id: 'a', company_uuid: 'c' })).toEqual([
      { type: SMPP_ACCOUNT_TAG, id: 'a' },
      { type: SMPP_ACCOUNT_TAG, id: 'LIST' },
      { type: SMPP_ACCOUNT_TAG, id: 'binds-a' },
    ]);
    expect(tagsOf({ kind: 'guard', id: 'h', company_uuid: 'c' })).toEqual([{ type: GUARDS_TAG, id: 'c' }, alerts]);
    expect(tagsOf({ kind: 'template', company_uuid: 'c' })).toEqual([TEMPLATE_TAG]);
    expect(tagsOf({ kind: 'resync' })).toEqual(
      expect.arrayContaining([
        LEDGER_TAG,
        SMS_TAG,
        DID_TAG,
        BULK_TAG,
        WEBHOOK_TAG,
        SMPP_ACCOUNT_TAG,
        GUARDS_TAG,
        TEMPLATE_TAG,
      ]),
    );
    expect(tagsOf({ kind: 'from-a-newer-server' as never })).toEqual([]);
  });

  it('sends the bearer token, folds a burst into one invalidation, reconnects with backoff and refetches all then', async () => {
    const { streams, requests, fetchImpl } = fakeLiveStreams(2);
    const actions: Invalidation[] = [];
    const stop = startLiveEvents({
      token: 'tok',
      dispatch: (a) => actions.push(a as Invalidation),
      fetchImpl,
      foldMs: 20,
      backoffMs: 30,
    });
    await tick();
    expect((requests[0].headers as Record<string, string>).Authorization).toBe('Bearer tok');
    streams[0].push(ready);
    streams[0].push(frame({ kind: 'sms', company_uuid: 'c' }) + frame({ kind: 'sms', company_uuid: 'c' }));
    streams[0].push(frame({ kind: 'balance', company_uuid: 'c' }));
    await tick(60);
    expect(actions.map((a) => a.payload)).toEqual([
      [SMS_TAG, LEDGER_TAG, { type: GUARDS_TAG, id: 'c' }, { type: GUARDS_TAG, id: 'ALERTS' }],
    ]);
    // the first stream's ready refetched nothing: the screens had just read what they show
    streams[0].end();
    await tick(10);
    expect(requests).toHaveLength(1);
    await tick(60);
    expect(requests).toHaveLength(2);
    streams[1].push(ready);
    await tick(60);
    expect(actions[1].payload).toEqual(expect.arrayContaining([LEDGER_TAG, SMS_TAG, DID_TAG, BULK_TAG]));
    stop();
    streams[1].push(frame({ kind: 'did' }));
    await tick(60);
    expect(actions).toHaveLength(2);
  });

  it('stops at a 401: the session is over', async () => {
    let calls = 0;
    const signedOut = jest.fn();
    const fetchImpl = (async () => {
      calls++;
      return { status: 401, ok: false, body: null };
    }) as unknown as typeof fetch;
    const stop = startLiveEvents({
      token: 't',
      dispatch: () => undefined,
      fetchImpl,
      backoffMs: 5,
      onSignedOut: signedOut,
    });
    await tick(50);
    expect(calls).toBe(1);
    expect(signedOut).toHaveBeenCalledTimes(1);
    stop();
  });
});
