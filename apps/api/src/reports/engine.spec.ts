import { resolveRange } from './report-clock';
import {
  bucketStart,
  checkStepFits,
  fold,
  keyOf,
  messageDeltas,
  parseFields,
  parseGroups,
  parseInterval,
  parseStep,
  steps,
  ReportInputError,
  type MessageFace,
} from './engine';

const at = (iso: string) => new Date(iso);
const face = (over: Partial<MessageFace> = {}): MessageFace => ({
  created_on: at('2026-11-20T10:15:00Z'),
  company_uuid: 'acme',
  status: 'queued',
  is_received: false,
  ani: '+12125552301',
  dnis: '+14155550111',
  vendor_product_uuid: 'vp1',
  network: 'AT&T',
  segments: 2,
  price: 24_000n,
  cost: 12_000n,
  ...over,
});

describe('rollup arithmetic', () => {
  it('a state change moves the message from its old status to the new one, exactly once', () => {
    const sent = face({ status: 'sent' });
    let rollups = fold(new Map(), messageDeltas(null, face()));
    rollups = fold(rollups, messageDeltas(face(), sent));
    rollups = fold(rollups, messageDeltas(sent, face({ status: 'delivered' })));
    expect([...rollups.entries()]).toEqual([
      [keyOf(face({ status: 'delivered' })), { messages: 1, segments: 2, price: 24_000n, cost: 12_000n }],
    ]);
  });

  it('an update that changes nothing reported (or the same report twice) writes no delta', () => {
    expect(messageDeltas(face({ status: 'delivered' }), face({ status: 'delivered' }))).toEqual([]);
  });

  it('a late delivery report lands in the hour the message was created, not the hour it arrived', () => {
    const created = face({ status: 'sent', created_on: at('2026-11-20T23:59:30Z') });
    const deltas = messageDeltas(created, { ...created, status: 'delivered' });
    expect(deltas.map((d) => d.key.split('|')[0])).toEqual(['2026-11-20T23:00:00.000Z', '2026-11-20T23:00:00.000Z']);
    expect(deltas.map((d) => d.messages)).toEqual([-1, 1]);
  });

  it('folding deltas in any order and in any batches gives the same rollups', () => {
    const d = [
      ...messageDeltas(null, face()),
      ...messageDeltas(face(), face({ status: 'sent' })),
      ...messageDeltas(null, face({ company_uuid: 'globex' })),
    ];
    const once = fold(new Map(), d);
    const split = fold(fold(new Map(), d.slice(2)), d.slice(0, 2));
    expect(split).toEqual(once);
    expect(once.size).toBe(2);
  });

  it('keys an incoming message by our number (the receiver)', () => {
    expect(keyOf(face({ is_received: true, status: 'received' }))).toContain('+14155550111');
  });
});

describe('report input', () => {
  const now = at('2026-11-25T13:40:00Z');
  it('parses intervals and refuses nonsense or more than a year', () => {
    expect(parseInterval('24 hour')).toBe(86_400_000);
    expect(parseInterval('7 days')).toBe(7 * 86_400_000);
    expect(() => parseInterval('forever')).toThrow(ReportInputError);
    expect(() => parseInterval('2 year')).toThrow(/366 days/);
  });

  it('widens a range to whole hours and refuses an end before the start or more than a year', () => {
    expect(resolveRange('2026-11-01T10:20:00Z', '2026-11-02T03:05:00Z', now, 0)).toEqual({
      start: at('2026-11-01T10:00:00Z'),
      end: at('2026-11-02T04:00:00Z'),
    });
    expect(resolveRange(undefined, undefined, now, 86_400_000)).toEqual({
      start: at('2026-11-24T13:00:00Z'),
      end: at('2026-11-25T14:00:00Z'),
    });
    expect(() => resolveRange('2026-11-02T00:00:00Z', '2026-11-01T00:00:00Z', now, 0)).toThrow(/after start_time/);
    expect(() => resolveRange('2025-01-01T00:00:00Z', '2026-11-01T00:00:00Z', now, 0)).toThrow(/at most 366 days/);
    expect(() => checkStepFits(resolveRange('2026-09-01T00:00:00Z', '2026-11-01T00:00:00Z', now, 0), 'hour')).toThrow(
      /31 days/,
    );
  });

  it('knows its groups, steps and fields and names an unknown one', () => {
    expect(parseGroups('company, vendor,company')).toEqual(['company', 'vendor']);
    expect(() => parseGroups('company,planet')).toThrow(/unknown 'planet'/);
    expect(parseStep(undefined)).toBe('hour');
    expect(() => parseStep('fortnight')).toThrow(/step/);
    expect(parseFields('revenue,cost')).toEqual(['revenue', 'cost']);
    expect(parseFields(undefined)).toContain('margin');
  });
});

describe('UTC buckets', () => {
  const range = { start: at('2026-11-01T18:00:00Z'), end: at('2026-11-04T06:00:00Z') };
  it('lists every bucket of a range, weeks from Monday and months from the 1st', () => {
    expect(steps(range, 'day').map((d) => d.toISOString().slice(0, 10))).toEqual([
      '2026-11-01',
      '2026-11-02',
      '2026-11-03',
      '2026-11-04',
    ]);
    expect(steps({ start: at('2026-11-01T00:00:00Z'), end: at('2026-11-01T03:00:00Z') }, 'hour')).toHaveLength(3);
    expect(bucketStart(at('2026-11-26T12:00:00Z'), 'week').toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(bucketStart(at('2026-11-26T12:00:00Z'), 'month').toISOString()).toBe('2026-11-01T00:00:00.000Z');
    expect(steps(range, 'total')).toEqual([]);
  });
});
