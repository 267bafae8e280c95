import { screen, waitFor } from '@testing-library/react';
import { HomePatch, type Home } from '@smsc/shared-contract';
import { renderWithProviders, stubApi } from '@smsc/shared-testing';
import {
  accountBundle,
  accountDefinition,
  companyInfoBundle,
  companyInfoDefinition,
  memberBundle,
  toAccountPatch,
} from './profile.resource';

const USER_ID = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const COMPANY_ID = '16fd2706-8baf-433b-82eb-8c7fada847da';
const OTHER_ID = '9b2d1f3e-7c3a-4e0b-9a55-2b6c0d2f5e11';
const home: Home = {
  user: {
    uuid: USER_ID,
    email: 'me@example.com',
    full_name: 'Me',
    user_type: 'user',
    is_active: true,
    is_admin: false,
    company_uuid: COMPANY_ID,
    company_name: 'Acme',
    reseller_uuid: null,
    created_on: '2026-01-01T00:00:00Z',
  },
  company: {
    company_uuid: COMPANY_ID,
    company_name: 'Acme',
    reseller_uuid: null,
    reseller_name: null,
    payment_term_uuid: null,
    status: 'active',
    prepay: true,
    is_below_credit_limit: false,
    is_created_by_admin: false,
    created_on: '2026-01-01T00:00:00Z',
  },
};

type Hook = (id: string) => { data?: unknown; error?: unknown };
function Probe({ hook, id }: { hook: Hook; id: string }) {
  const state = hook(id);
  return (
    <output data-testid="state">{JSON.stringify({ data: state.data ?? null, error: state.error ?? null })}</output>
  );
}
const read = () => JSON.parse(screen.getByTestId('state').textContent ?? '{}');

describe('profile records read from /home', () => {
  let api: ReturnType<typeof stubApi>;
  beforeAll(() => {
    api = stubApi(() => ({ status: 200, body: home }));
  });
  afterAll(() => api.restore());

  it.each([
    ['own record by user id', accountBundle.useGet as Hook, USER_ID, home.user],
    ['own record by company id', memberBundle.useGet as Hook, COMPANY_ID, home.user],
    ['company by company id', companyInfoBundle.useGet as Hook, COMPANY_ID, home.company],
  ])('gives the %s', async (_name, hook, id, expected) => {
    renderWithProviders(<Probe hook={hook} id={id} />);
    await waitFor(() => expect(read().data).toEqual(expected));
    expect(api.calls.map((c) => c.path)).toContain('/home');
  });

  it.each([
    ['a user id that is not the caller', accountBundle.useGet as Hook, OTHER_ID, 'Profile not found'],
    ['the user id where a company id belongs', memberBundle.useGet as Hook, USER_ID, 'Company not found'],
    ['another company', companyInfoBundle.useGet as Hook, OTHER_ID, 'Company not found'],
  ])('answers not found for %s', async (_name, hook, id, message) => {
    renderWithProviders(<Probe hook={hook} id={id} />);
    await waitFor(() => expect(read().error).toEqual({ status: 404, data: { code: 'not_found', detail: message } }));
    expect(read().data).toBeNull();
  });
});

describe('profile forms', () => {
  it('change name and password only; an empty password is left out', () => {
    expect(toAccountPatch({ full_name: ' New Me ', password: '' })).toEqual({ full_name: 'New Me' });
    expect(toAccountPatch({ full_name: 'Me', password: 'long-password-1', current_password: 'old-one' })).toEqual({
      full_name: 'Me',
      password: 'long-password-1',
      current_password: 'old-one',
    });
    expect(
      companyInfoBundle.toPatch?.({ company_name: ' Acme Two ' }, home.company as NonNullable<Home['company']>),
    ).toEqual({ company_name: 'Acme Two', users_see_money: false });
  });

  it('let the company admin decide whether its users see money (off unless switched on)', () => {
    const field = companyInfoDefinition.formFields.find((f) => f.name === 'users_see_money');
    expect(field).toMatchObject({ kind: 'switch', label: 'Users see balance and prices' });
    expect(field?.help).toMatch(/Admins always see them/);
    const company = home.company as NonNullable<Home['company']>;
    expect(companyInfoBundle.toForm?.(company)).toMatchObject({ users_see_money: false });
    expect(companyInfoBundle.toPatch?.({ company_name: 'Acme', users_see_money: true }, company)).toEqual({
      company_name: 'Acme',
      users_see_money: true,
    });
  });

  it('take their length limits from the contract', () => {
    expect(accountDefinition.formFields.find((f) => f.name === 'full_name')?.maxLength).toBe(
      HomePatch.properties.full_name.maxLength,
    );
    expect(companyInfoDefinition.formFields[0].maxLength).toBe(HomePatch.properties.company_name.maxLength);
  });
});
