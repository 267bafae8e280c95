import { neededDims, pickProjection, PROJECTIONS } from './projections';

const pick = (a: Parameters<typeof neededDims>[0]) => pickProjection(neededDims(a)).name;

describe('report projections', () => {
  it('answers each report from the smallest rollup that holds what it reads', () => {
    // over all of one's companies (the system admin's, a reseller's series): the rollup by reseller
    expect(pick({ scope: { all: true }, filters: {}, groups: [] })).toBe('reseller');
    expect(pick({ scope: { reseller_uuid: 'r' }, filters: {}, groups: ['status'] })).toBe('reseller');
    expect(pick({ scope: { all: true }, filters: {}, groups: ['reseller'] })).toBe('reseller');
    expect(pick({ scope: { reseller_uuid: 'r', user_uuid: 'u' }, filters: {}, groups: [] })).toBe('owner');
    // the dashboard's leaders, usage by company, by day of one company and by user
    expect(pick({ scope: { all: true }, filters: {}, groups: ['company'] })).toBe('owner');
    expect(pick({ scope: { company_uuid: 'c' }, filters: {}, groups: [] })).toBe('owner');
    expect(pick({ scope: { reseller_uuid: 'r' }, filters: {}, groups: ['company'] })).toBe('owner');
    expect(pick({ scope: { company_uuid: 'c', user_uuid: 'u' }, filters: {}, groups: ['user', 'status'] })).toBe(
      'owner',
    );
    expect(pick({ scope: { all: true }, filters: { company_name: 'Ac' }, groups: ['reseller'] })).toBe('owner');
    // numbers and vendors have projections of their own
    expect(pick({ scope: { company_uuid: 'c' }, filters: {}, groups: ['number'] })).toBe('number');
    expect(pick({ scope: { all: true }, filters: { number: '+1212' }, groups: [] })).toBe('number');
    expect(pick({ scope: { all: true }, filters: {}, groups: ['company', 'user', 'vendor'] })).toBe('vendor');
    expect(pick({ scope: { all: true }, filters: { vendor_uuid: 'v' }, groups: ['vendor_product'] })).toBe('vendor');
    // networks, and numbers by vendor, need the full rollup
    expect(pick({ scope: { all: true }, filters: {}, groups: ['network'] })).toBe('full');
    expect(pick({ scope: { all: true }, filters: { vendor_uuid: 'v' }, groups: ['number'] })).toBe('full');
  });

  it('keeps the full rollup last and every projection a subset of it', () => {
    const full = PROJECTIONS[PROJECTIONS.length - 1];
    expect(full.hourly).toBe('report_hourly');
    for (const p of PROJECTIONS) expect(p.dims.every((d) => full.dims.includes(d))).toBe(true);
  });
});
