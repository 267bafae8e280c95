import type { CallerScope } from '../lib/tenancy';
import type { BusEvent } from './bus';
import { Fanout, fold, FOLD_AT } from './fanout';

const ACME = 'c-acme';
const GLOBEX = 'c-globex';
const RESELLER = 'r-one';

describe('fold: a window of events as the console needs them', () => {
  it('keeps the ids of a few rows and tells many rows of one kind and company as the kind alone', () => {
    const many: BusEvent[] = Array.from({ length: FOLD_AT + 1 }, (_, i) => ({ k: 'sms', id: `m${i}`, c: ACME }));
    const few: BusEvent[] = Array.from({ length: FOLD_AT }, (_, i) => ({ k: 'sms', id: `g${i}`, c: GLOBEX }));
    const out = fold([...many, ...few, { k: 'bulk', id: 'b1', c: ACME }]);
    expect(out.filter((e) => e.c === ACME && e.k === 'sms')).toEqual(many.map(() => ({ k: 'sms', c: ACME })));
    expect(out.filter((e) => e.c === GLOBEX)).toEqual(few);
    // another kind of the same company is counted on its own
    expect(out).toContainEqual({ k: 'bulk', id: 'b1', c: ACME });
  });

  it('counts an id once however often it moved', () => {
    const same: BusEvent[] = Array.from({ length: FOLD_AT * 3 }, () => ({ k: 'sms', id: 'm1', c: ACME }));
    expect(fold(same)).toEqual(same);
  });
});

describe('Fanout', () => {
  const stream = (scope: CallerScope) => {
    const chunks: string[] = [];
    return { scope, chunks, write: (c: string | Buffer) => chunks.push(c.toString()) };
  };
  const frames = (chunks: string[]) =>
    chunks
      .join('')
      .split('\n\n')
      .filter(Boolean)
      .map((f) => JSON.parse(f.replace(/^data: /, '')));

  it('writes each stream one chunk a window of what its scope may see, alike events once, many rows folded', () => {
    const fanout = new Fanout(60_000);
    const acmeAdmin = stream({ company_uuid: ACME });
    const acmeUser = stream({ company_uuid: ACME, user_uuid: 'u1' });
    const reseller = stream({ reseller_uuid: RESELLER });
    const globex = stream({ company_uuid: GLOBEX });
    const admin = stream({ all: true });
    for (const s of [acmeAdmin, acmeUser, reseller, globex, admin]) fanout.add(s);

    fanout.push({ k: 'balance', c: ACME, r: RESELLER });
    fanout.push({ k: 'balance', c: ACME, r: RESELLER });
    for (let i = 0; i <= FOLD_AT; i++) fanout.push({ k: 'sms', id: `m${i}`, c: ACME, r: RESELLER });
    fanout.push({ k: 'did', id: 'd1', c: GLOBEX });
    fanout.flush();

    const acme = [
      { kind: 'balance', company_uuid: ACME },
      { kind: 'sms', company_uuid: ACME },
    ];
    expect(acmeAdmin.chunks).toHaveLength(1);
    expect(frames(acmeAdmin.chunks)).toEqual(acme);
    // a user's stream (its scope names the user) gets the company's chunk all the same
    expect(acmeUser.chunks).toEqual(acmeAdmin.chunks);
    expect(frames(reseller.chunks)).toEqual(acme);
    expect(frames(globex.chunks)).toEqual([{ kind: 'did', id: 'd1', company_uuid: GLOBEX }]);
    expect(frames(admin.chunks)).toEqual([...acme, { kind: 'did', id: 'd1', company_uuid: GLOBEX }]);

    // a window with nothing a scope may see writes nothing to it
    fanout.push({ k: 'did', id: 'd2', c: GLOBEX });
    fanout.flush();
    expect(acmeAdmin.chunks).toHaveLength(1);
    expect(globex.chunks).toHaveLength(2);
    fanout.close();
  });
});
