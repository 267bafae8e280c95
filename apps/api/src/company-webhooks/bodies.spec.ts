// What a request carries: single events as they always were, and a batched webhook's events grouped in order,
// at most MAX_BATCH_EVENTS a request, each keeping the id a single delivery would have had.
import { batchBody, batchId, BATCH_TYPE, eventBody, MAX_BATCH_EVENTS, requestsOf } from './bodies';
import type { Claimed } from './outcomes';

let n = 0;
const row = (over: Partial<Claimed> = {}): Claimed => {
  n++;
  return {
    lease_id: '1',
    delivery_id: null,
    batch_id: '9',
    idx: n,
    message_id: `msg_${n}`,
    company_uuid: 'c',
    webhook_uuid: 'w1',
    callback_url: null,
    type: 'message.status',
    payload: `{"sms_uuid":"s${n}","status":"sent"}`,
    occurred_on: '2026-11-27T10:00:00.000Z',
    attempts: 1,
    url: 'https://example.com/h',
    secret: 'whsec_x',
    is_active: true,
    batched: true,
    legacy: false,
    ...over,
  };
};
const ids = (groups: Claimed[][]) => groups.map((g) => g.map((r) => r.message_id));

describe('webhook request bodies', () => {
  it("groups a batched webhook's events in order, up to the limit, and leaves every other event alone", () => {
    const single = row({ batched: false, webhook_uuid: 'w2' });
    const callback = row({ batched: false, webhook_uuid: null, callback_url: 'https://example.com/cb' });
    const a = Array.from({ length: MAX_BATCH_EVENTS + 2 }, () => row());
    const other = [row({ webhook_uuid: 'w3' }), row({ webhook_uuid: 'w3' })];
    const groups = requestsOf([a[0], single, other[0], ...a.slice(1), callback, other[1]]);
    expect(ids(groups)).toEqual([
      a.slice(0, MAX_BATCH_EVENTS).map((r) => r.message_id),
      [single.message_id],
      other.map((r) => r.message_id),
      a.slice(MAX_BATCH_EVENTS).map((r) => r.message_id),
      [callback.message_id],
    ]);
    expect(groups.flat()).toHaveLength(MAX_BATCH_EVENTS + 6);
  });

  it('writes a batch as an envelope of the events a single delivery would have sent, each with its id', () => {
    const blocked = row({ payload: '{"sms_uuid":"b","status":"blocked","block_reason":"no_money"}' });
    const group = [row(), blocked];
    const body = JSON.parse(batchBody(group, new Date('2026-11-27T10:00:01.000Z')));
    expect(body.type).toBe(BATCH_TYPE);
    expect(body.timestamp).toBe('2026-11-27T10:00:01.000Z');
    expect(body.data.events.map((e: { id: string }) => e.id)).toEqual(group.map((r) => r.message_id));
    const { id, ...asSingle } = body.data.events[1];
    expect(id).toBe(blocked.message_id);
    expect(asSingle).toEqual(JSON.parse(eventBody(blocked)));
    expect(asSingle.data.block_reason_words).toBeTruthy();
  });

  it("names a batch request by its events' ids: the same events, the same id", () => {
    const [x, y, z] = [row(), row(), row()];
    expect(batchId([x, y])).toMatch(/^batch_[0-9a-f]{32}$/);
    expect(
      batchId([
        { ...x, attempts: 2 },
        { ...y, lease_id: '7' },
      ]),
    ).toBe(batchId([x, y]));
    expect(batchId([x, z])).not.toBe(batchId([x, y]));
    expect(batchId([y, x])).not.toBe(batchId([x, y]));
  });
});
