import { buildNanp } from './nanp';
import { builtInProvider, patternRegex } from './provider';

const data = buildNanp({
  '212': 'New York, NY',
  '303': 'Colorado',
  '345': 'Cayman Islands',
  '718201': 'Brooklyn, NY',
  '718202': 'Queens, NY',
  '303555': 'Denver, CO',
  '303222': 'Denver, CO',
  '303911': 'Denver, CO',
});
const none = async () => new Set<string>();

describe('NANP reference tables', () => {
  it('reads states from whole-area-code places and from exchange places, leaving out non-US/Canadian codes', () => {
    expect(data.npas.get('212')).toMatchObject({ state: 'NY', country: 'US' });
    expect(data.npas.get('718')).toMatchObject({ state: 'NY', nxx: ['201', '202'] });
    expect(data.npas.has('345')).toBe(false);
    expect(data.states.get('CO')?.npas).toEqual(['303']);
    expect(data.places.get('303222')).toBe('Denver, CO');
  });
});

describe('built-in inventory provider', () => {
  const provider = builtInProvider(() => data);

  it('matches digit patterns', () => {
    expect(patternRegex('212*')?.test('2125550123')).toBe(true);
    expect(patternRegex('212*')?.test('3125550123')).toBe(false);
    expect(patternRegex('*0123')?.test('2125550123')).toBe(true);
    expect(patternRegex('555')?.test('2125550123')).toBe(true);
    expect(patternRegex('*')).toBeNull();
  });

  it('offers only usable exchanges of the area code, repeatably, skipping numbers someone holds', async () => {
    const first = await provider.searchLocal({ npa: '303', count: 4 }, none);
    // 555 and N11 exchanges are never offered, so only 222 is left
    expect(first.map((n) => n.did.slice(0, 8))).toEqual(['+1303222', '+1303222', '+1303222', '+1303222']);
    expect(first[0]).toMatchObject({ place: 'Denver, CO', state: 'CO', monthly_price: '1.0000' });
    expect(await provider.searchLocal({ npa: '303', count: 4 }, none)).toEqual(first);
    const held = new Set([first[0].did, first[2].did]);
    const next = await provider.searchLocal(
      { npa: '303', count: 4 },
      async (dids) => new Set(dids.filter((d) => held.has(d))),
    );
    expect(next.map((n) => n.did)).not.toContain(first[0].did);
    expect(next).toHaveLength(4);
  });

  it('filters by state and pattern and answers nothing for an area code outside the data', async () => {
    const ny = await provider.searchLocal({ state: 'NY', pattern: '*7', count: 6 }, none);
    expect(ny).toHaveLength(6);
    expect(ny.every((n) => n.state === 'NY' && n.did.endsWith('7'))).toBe(true);
    expect(await provider.searchLocal({ npa: '999', count: 3 }, none)).toEqual([]);
  });

  it('offers toll-free numbers under a prefix and refuses to order outside its inventory', async () => {
    const tf = await provider.searchTollFree({ prefix: '888', count: 3 }, none);
    expect(tf.every((n) => n.did.startsWith('+1888') && n.is_toll_free && n.monthly_price === '2.0000')).toBe(true);
    await expect(provider.order(['+12125550123', '+18885550123'])).resolves.toBeUndefined();
    await expect(provider.order(['+16465550123'])).rejects.toThrow('+16465550123 is not in the built-in inventory');
  });
});
