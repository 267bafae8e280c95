import { definitionFor } from '@smsc/shared-ui';
import { companyBody, companyBundle, companyDefinition, COMPANY_ACCESS } from './company.resource';

describe('company resource', () => {
  it('maps the form to the contract body: cleared pickers are null, switches booleans, name trimmed', () => {
    expect(companyBody({ company_name: ' Acme ', reseller_uuid: undefined, status: 'inactive', prepay: true })).toEqual(
      {
        company_name: 'Acme',
        reseller_uuid: null,
        payment_term_uuid: null,
        status: 'inactive',
        prepay: true,
      },
    );
  });

  it('explains prepay on the form, starts new companies on prepay, and leaves the server-set credit state off the form', () => {
    const prepay = companyDefinition.formFields.find((f) => f.name === 'prepay');
    expect(prepay?.help).toMatch(/tops up first.*credit limit/);
    expect(companyBundle.defaults).toMatchObject({ prepay: true });
    expect(companyDefinition.formFields.map((f) => f.name)).not.toContain('is_below_credit_limit');
    expect(companyBody({ company_name: 'A', is_below_credit_limit: true })).not.toHaveProperty('is_below_credit_limit');
    const column = companyDefinition.columns.find((c) => c.key === 'is_below_credit_limit');
    expect(column?.render?.(true, {} as never)).toBe('Yes: owes more than its credit allows');
  });

  it('creates the first admin with the company when its e-mail is given (one onboarding form), not on edit', () => {
    expect(
      companyBody({
        company_name: 'New Co',
        admin_full_name: ' Olga ',
        admin_email: ' olga@new.test ',
        admin_password: 'Long-enough-pass-1',
      }).first_admin,
    ).toEqual({ full_name: 'Olga', email: 'olga@new.test', password: 'Long-enough-pass-1' });
    expect(companyBody({ company_name: 'New Co' })).not.toHaveProperty('first_admin');
    const onCreate = companyDefinition.formFields.filter((f) => f.name.startsWith('admin_'));
    expect(onCreate.map((f) => [f.name, f.createOnly])).toEqual([
      ['admin_full_name', true],
      ['admin_email', true],
      ['admin_password', true],
    ]);
  });

  it('sends the credit line and alert level only when typed (blank leaves them as they are)', () => {
    expect(
      companyBody({ company_name: 'A', status: 'active', credit_limit: ' 25.50 ', low_balance_threshold: '' }),
    ).toMatchObject({ credit_limit: '25.50' });
    expect(
      companyBody({ company_name: 'A', status: 'active', credit_limit: '', low_balance_threshold: '10' }),
    ).not.toHaveProperty('credit_limit');
    expect(companyBody({ company_name: 'A', status: 'active', low_balance_threshold: '10' })).toMatchObject({
      low_balance_threshold: '10',
    });
  });

  it('leaves reseller_uuid out when the form has no reseller field (a reseller may not move companies)', () => {
    expect(companyBody({ company_name: 'Acme', status: 'active' })).not.toHaveProperty('reseller_uuid');
  });

  it('a role without the reseller key sees no reseller column, search or picker', () => {
    const forReseller = definitionFor(companyDefinition, []);
    expect(forReseller.columns.map((c) => c.key)).not.toContain('reseller_name');
    expect(forReseller.formFields.map((f) => f.name)).not.toContain('reseller_uuid');
    const forAdmin = definitionFor(companyDefinition, [COMPANY_ACCESS.reseller]);
    expect(forAdmin.formFields.map((f) => f.name)).toContain('reseller_uuid');
  });

  it('searches by the list call parameter names of docs/spec.md §7 and pages 10,000 a page', () => {
    expect(companyDefinition.columns.filter((c) => c.search).map((c) => c.key)).toEqual([
      'company_name',
      'reseller_name',
      'status',
      'prepay',
      'is_below_credit_limit',
      'is_created_by_admin',
    ]);
    expect(companyDefinition.perPage).toBe(10000);
  });

  it("sets the company's time zone from the form, and leaves it to the server's default when none is picked", () => {
    expect(companyDefinition.formFields.find((f) => f.name === 'time_zone')).toMatchObject({
      kind: 'select',
      label: 'Time zone',
      required: false,
    });
    expect(companyBody({ company_name: 'Acme', time_zone: 'Asia/Kolkata' })).toMatchObject({
      time_zone: 'Asia/Kolkata',
    });
    expect(companyBody({ company_name: 'Acme' })).not.toHaveProperty('time_zone');
    const company = {
      company_uuid: 'c',
      company_name: 'Acme',
      reseller_uuid: null,
      reseller_name: null,
      payment_term_uuid: null,
      status: 'active' as const,
      prepay: true,
      is_below_credit_limit: false,
      is_created_by_admin: false,
      created_on: '2026-01-01T00:00:00Z',
      time_zone: 'America/Chicago',
    };
    expect(companyBundle.toForm?.(company)).toMatchObject({ time_zone: 'America/Chicago' });
  });

  it('fills the edit form from a record, null pickers as empty', () => {
    const form = companyBundle.toForm?.({
      company_uuid: 'c',
      company_name: 'Acme',
      reseller_uuid: null,
      reseller_name: null,
      payment_term_uuid: 'p',
      status: 'active',
      prepay: false,
      is_below_credit_limit: true,
      is_created_by_admin: false,
      created_on: '2026-01-01T00:00:00Z',
    });
    expect(form).toEqual({
      company_name: 'Acme',
      reseller_uuid: undefined,
      payment_term_uuid: 'p',
      status: 'active',
      prepay: false,
    });
  });

  it('fills the edit form with the credit figures the answer carries, the balance with currency and every digit it has', () => {
    const form = companyBundle.toForm?.({
      company_uuid: 'c',
      company_name: 'Acme',
      reseller_uuid: 'r',
      reseller_name: 'R',
      payment_term_uuid: null,
      status: 'active',
      prepay: false,
      is_below_credit_limit: false,
      is_created_by_admin: false,
      created_on: '2026-01-01T00:00:00Z',
      credit_limit: '25.00',
      low_balance_threshold: null,
      balance: '-2.444',
      currency: 'USD',
    });
    expect(form).toMatchObject({ credit_limit: '25.00', low_balance_threshold: undefined, balance: '-USD 2.444' });
  });

  it('saves the credit figures shown; a cleared alert level turns the alert off; the balance is never sent', () => {
    const body = companyBody({
      company_name: 'A',
      status: 'active',
      credit_limit: '25.00',
      low_balance_threshold: '',
      balance: 'USD 1.00',
    });
    expect(body).toMatchObject({ credit_limit: '25.00', low_balance_threshold: null });
    expect(body).not.toHaveProperty('balance');
    expect(definitionFor(companyDefinition, []).formFields.find((f) => f.name === 'balance')).toMatchObject({
      readOnly: true,
      editOnly: true,
    });
  });

  it('shows the retention overrides to the system admin alone and maps them: empty is the default, 0 never', () => {
    const names = (keys: string[]) => definitionFor(companyDefinition, keys).formFields.map((f) => f.name);
    const fields = ['retention_redact_days', 'retention_remove_days', 'retention_archive'];
    for (const f of fields) {
      expect(names([COMPANY_ACCESS.reseller])).not.toContain(f);
      expect(names([COMPANY_ACCESS.retention])).toContain(f);
    }
    // a reseller's form has no such field: its body names none (the server would refuse it)
    expect(Object.keys(companyBody({ company_name: 'A' })).filter((k) => k.startsWith('retention'))).toEqual([]);
    expect(
      companyBody({
        company_name: 'A',
        retention_redact_days: 30,
        retention_remove_days: null,
        retention_archive: 'no',
      }),
    ).toMatchObject({ retention_redact_days: 30, retention_remove_days: null, retention_archive: false });
    expect(
      companyBody({
        company_name: 'A',
        retention_redact_days: 0,
        retention_remove_days: 90,
        retention_archive: 'default',
      }),
    ).toMatchObject({ retention_redact_days: 0, retention_remove_days: 90, retention_archive: null });
    const form = companyBundle.toForm?.({
      company_uuid: '00000000-0000-4000-8000-000000000001',
      company_name: 'A',
      reseller_uuid: null,
      reseller_name: null,
      payment_term_uuid: null,
      status: 'active',
      prepay: true,
      is_below_credit_limit: false,
      is_created_by_admin: true,
      created_on: '2026-12-01T00:00:00.000Z',
      retention_redact_days: null,
      retention_remove_days: 60,
      retention_archive: true,
    });
    expect(form).toMatchObject({
      retention_redact_days: undefined,
      retention_remove_days: 60,
      retention_archive: 'yes',
    });
  });
});
