// The multipart table is shared by every tenant of a process: one account's open messages must not refuse
// another account's parts.
import * as smpp from 'smpp';
import { MAX_PART_CHARS, Reassembler, statusOfRefusal } from './reassembly';

describe('SMPP multipart reassembly: a cap per account beside the total', () => {
  let r: Reassembler;
  afterEach(() => r.clear());

  it('refuses the parts of an account past its own cap while another account’s message still completes', () => {
    r = new Reassembler({ perAccount: 5, total: 100 });
    // the greedy account opens messages and never completes them
    for (let ref = 0; ref < 5; ref++)
      expect(r.add('greedy', 'a|b', { ref, total: 3, seq: 1 }, 'x', false)).toMatchObject({ complete: null });
    const over = r.add('greedy', 'a|b', { ref: 99, total: 3, seq: 1 }, 'x', false);
    expect(over).toEqual({ refused: 'account_full' });
    expect(statusOfRefusal(over as { refused: 'account_full' })).toBe(smpp.errors.ESME_RMSGQFUL);
    // a later part of a message it has open is still taken
    expect(r.add('greedy', 'a|b', { ref: 0, total: 3, seq: 2 }, 'y', false)).toMatchObject({ complete: null });
    expect(r.openOf('greedy')).toBe(5);
    // the other account's long message is taken and joined
    const first = r.add('other', 'a|b', { ref: 0, total: 2, seq: 1 }, 'Hello, ', false);
    expect(first).toMatchObject({ complete: null });
    const last = r.add('other', 'a|b', { ref: 0, total: 2, seq: 2 }, 'world', true);
    expect(last).toEqual({
      sms_uuid: (first as { sms_uuid: string }).sms_uuid,
      complete: 'Hello, world',
      wantsReceipt: true,
    });
    expect(r.openOf('other')).toBe(0);
    // a completed message gives its place back
    r.add('greedy', 'a|b', { ref: 0, total: 3, seq: 3 }, 'z', false);
    expect(r.add('greedy', 'a|b', { ref: 99, total: 3, seq: 1 }, 'x', false)).toMatchObject({ complete: null });
  });

  it('keeps the total as a safety net and frees an account’s places when its parts time out', async () => {
    r = new Reassembler({ perAccount: 3, total: 4, timeoutMs: 30 });
    for (let ref = 0; ref < 3; ref++) r.add('a', 'k', { ref, total: 2, seq: 1 }, 'x', false);
    r.add('b', 'k', { ref: 0, total: 2, seq: 1 }, 'x', false);
    expect(r.add('c', 'k', { ref: 0, total: 2, seq: 1 }, 'x', false)).toEqual({ refused: 'table_full' });
    await new Promise((res) => setTimeout(res, 80));
    expect([r.size, r.openOf('a'), r.openOf('b')]).toEqual([0, 0, 0]);
    expect(r.add('c', 'k', { ref: 0, total: 2, seq: 1 }, 'x', false)).toMatchObject({ complete: null });
  });

  it('refuses a part longer than short_message can carry (ESME_RINVMSGLEN), holding nothing of it', () => {
    r = new Reassembler();
    const long = r.add('a', 'k', { ref: 1, total: 2, seq: 1 }, 'x'.repeat(MAX_PART_CHARS + 1), false);
    expect(long).toEqual({ refused: 'part_too_long' });
    expect(statusOfRefusal(long as { refused: 'part_too_long' })).toBe(smpp.errors.ESME_RINVMSGLEN);
    expect(r.size).toBe(0);
    expect(r.add('a', 'k', { ref: 1, total: 2, seq: 1 }, 'x'.repeat(MAX_PART_CHARS), false)).toMatchObject({
      complete: null,
    });
  });
});
