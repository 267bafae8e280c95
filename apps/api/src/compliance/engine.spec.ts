import { coverOf, expiryOf, missingFields, reviewerOf } from './engine';
import { simulatedDecision } from './simulator';
import type { RegistryFiling } from './registry-port';

const approved = (o: Partial<Record<'tenDlc' | 'tollFree' | 'senderIds', string[]>> = {}) => ({
  tenDlc: new Set(o.tenDlc ?? []),
  tollFree: new Set(o.tollFree ?? []),
  senderIds: new Set(o.senderIds ?? []),
});

describe('coverOf: which senders need a registration for a destination', () => {
  it('a US long code to the US needs an approved 10DLC campaign; to another country none', () => {
    expect(coverOf(approved(), '+12125552301', 'US')).toMatchObject({ state: 'unregistered' });
    expect(coverOf(approved(), '+12125552301', 'US').message).toMatch(/file a 10DLC brand and campaign/i);
    expect(coverOf(approved({ tenDlc: ['+12125552301'] }), '+12125552301', 'US').state).toBe('registered');
    expect(coverOf(approved(), '+12125552301', 'GB').state).toBe('not_required');
  });

  it('a toll-free number to the US or Canada needs a verification, and a 10DLC campaign does not cover it', () => {
    expect(coverOf(approved({ tenDlc: ['+18005554304'] }), '+18005554304', 'CA').state).toBe('unregistered');
    expect(coverOf(approved({ tollFree: ['+18005554304'] }), '+18005554304', 'US').state).toBe('registered');
    expect(coverOf(approved(), '+18005554304', 'DE').state).toBe('not_required');
  });

  it('an alphanumeric sender needs a registration only where its country requires one', () => {
    expect(coverOf(approved(), 'ACME', 'IN').message).toMatch(/India requires .* "ACME" in India/);
    expect(coverOf(approved({ senderIds: ['ACME|IN'] }), 'Acme', 'IN').state).toBe('registered');
    expect(coverOf(approved({ senderIds: ['ACME|IN'] }), 'ACME', 'AE').state).toBe('unregistered');
    expect(coverOf(approved(), 'ACME', 'DE').state).toBe('not_required');
  });
});

describe('filing rules', () => {
  it('names what a kind still lacks before it may be submitted', () => {
    expect(missingFields({ kind: 'campaign_10dlc', name: 'x', details: { use_case: 'Alerts' } })).toMatchObject({
      brand_uuid: expect.any(String),
      'details.sample_messages': 'Required',
      'details.opt_in_flow': 'Required',
    });
    const india = missingFields({
      kind: 'sender_id',
      name: 'x',
      country: 'IN',
      sender_id: '12345',
      details: { legal_name: 'Acme', use_case: 'OTP', sample_messages: ['Code 1'], country_fields: { entity_id: '1' } },
    });
    expect(india).toMatchObject({
      sender_id: 'A sender ID has at least one letter',
      'details.country_fields.header_type': 'Required',
      'details.documents.Letter of authorization': expect.any(String),
    });
  });

  it('approvals last a year for 10DLC, as the country says for sender IDs, for good for toll-free', () => {
    const d = new Date('2026-01-15T00:00:00Z');
    expect(expiryOf('campaign_10dlc', null, d)?.toISOString()).toBe('2027-01-15T00:00:00.000Z');
    expect(expiryOf('sender_id', 'TR', d)).toBeNull();
    expect(expiryOf('sender_id', 'AE', d)?.toISOString()).toBe('2027-01-15T00:00:00.000Z');
    expect(expiryOf('toll_free', null, d)).toBeNull();
    expect(reviewerOf('sender_id', 'SG')).toBe('platform');
    expect(reviewerOf('brand_10dlc', 'SG')).toBe('registry');
  });
});

describe('the registry simulator (docs/compliance.md: its rules in order)', () => {
  const campaign = (over: Partial<RegistryFiling> = {}): RegistryFiling => ({
    filing_uuid: 'f',
    kind: 'campaign_10dlc',
    name: 'Order updates',
    country: null,
    sender_id: null,
    brand: { registry_ref: 'SIM-1', status: 'approved' },
    details: {
      use_case: 'Account notifications',
      sample_messages: ['Acme: your order shipped. Reply STOP to opt out'],
      opt_in_flow: 'Customers tick a box at checkout',
      monthly_volume: 1000,
    },
    ...over,
  });

  it('approves a complete campaign', () => {
    expect(simulatedDecision(campaign(), 1)).toEqual({ outcome: 'approved' });
  });
  it('"delay" in the name answers pending on the first ask only', () => {
    expect(simulatedDecision(campaign({ name: 'Delay test' }), 1).outcome).toBe('pending');
    expect(simulatedDecision(campaign({ name: 'Delay test' }), 2).outcome).toBe('approved');
  });
  it('"reject" in a field gives that field’s reason', () => {
    const d = simulatedDecision(campaign({ details: { ...campaign().details, opt_in_flow: 'reject me' } }), 1);
    expect(d).toEqual({ outcome: 'rejected', reason: expect.stringMatching(/opt-in flow/) });
  });
  it('samples without opt-out wording, or a brand not approved, are rejected with what to change', () => {
    const noStop = campaign({ details: { ...campaign().details, sample_messages: ['Your order shipped'] } });
    expect(simulatedDecision(noStop, 1)).toEqual({ outcome: 'rejected', reason: expect.stringMatching(/STOP/) });
    expect(simulatedDecision(campaign({ brand: { registry_ref: null, status: 'in_review' } }), 1)).toMatchObject({
      outcome: 'rejected',
      reason: expect.stringMatching(/brand is not approved/),
    });
  });
});
