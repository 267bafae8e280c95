import { Value } from '@sinclair/typebox/value';
import { CompanyListQuery, CompanyPatch, StopTextBody, TokenParam, User } from '../index';

describe('account contracts', () => {
  it('wraps stop-text writes in a filter payload', () => {
    expect(Value.Check(StopTextBody, { filter: { text: 'STOP' } })).toBe(true);
    expect(Value.Check(StopTextBody, { text: 'STOP' })).toBe(false);
  });
  it('refuses empty patches and unknown company statuses', () => {
    expect(Value.Check(CompanyPatch, {})).toBe(false);
    expect(Value.Check(CompanyPatch, { company_name: 'Acme' })).toBe(true);
    expect(Value.Check(CompanyListQuery, { status: 'sleeping' })).toBe(false);
  });
  it('types users with nullable company fields and url-safe tokens', () => {
    const user = {
      uuid: '6f1c1c53-9a38-4c1a-8d0b-8f0e0c2f6a11',
      email: 'a@example.com',
      full_name: 'A',
      user_type: 'admin',
      is_active: true,
      is_admin: false,
      company_uuid: null,
      company_name: null,
      reseller_uuid: null,
      created_on: '2026-01-01T00:00:00.000Z',
    };
    expect(Value.Check(User, user)).toBe(true);
    expect(Value.Check(TokenParam, { token: 'a'.repeat(43) })).toBe(true);
    expect(Value.Check(TokenParam, { token: '../../etc/passwd-xxxxxxxx' })).toBe(false);
  });
});
