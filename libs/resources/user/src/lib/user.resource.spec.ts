import { UserCreate, type User } from '@smsc/shared-contract';
import { userListParams } from './user.api';
import { toUserCreate, toUserPatch, userDefinition, USER_ACCESS } from './user.resource';

const record: User = {
  uuid: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
  email: 'ann@example.com',
  full_name: 'Ann Smith',
  user_type: 'user',
  is_active: true,
  is_admin: false,
  company_uuid: null,
  company_name: 'Acme',
  reseller_uuid: null,
  created_on: '2026-01-01T00:00:00Z',
};

describe('user list parameters', () => {
  it('sends the name search as the API user_name filter and keeps paging, order and other filters', () => {
    expect(
      userListParams({
        page: 2,
        per_page: 20,
        order_by: 'email',
        order_dir: 'asc',
        full_name: '*ann*',
        is_admin: true,
        company_name: '*ac*',
      }),
    ).toEqual({
      page: 2,
      per_page: 20,
      order_by: 'email',
      order_dir: 'asc',
      user_name: '*ann*',
      is_admin: true,
      company_name: '*ac*',
    });
    expect(userListParams({ page: 0, per_page: 10 })).toEqual({ page: 0, per_page: 10 });
  });
});

describe('user form mapping', () => {
  it('builds the create body with trimmed text, the company when picked, and admin off by default', () => {
    expect(
      toUserCreate({
        email: ' a@b.example ',
        password: 'long-enough-1',
        full_name: ' Ann ',
        company_uuid: record.uuid,
      }),
    ).toEqual({
      email: 'a@b.example',
      password: 'long-enough-1',
      full_name: 'Ann',
      is_admin: false,
      company_uuid: record.uuid,
    });
    expect(toUserCreate({ email: 'a@b.example', password: 'p', full_name: 'A', is_admin: true })).not.toHaveProperty(
      'company_uuid',
    );
  });

  it('patches only what changed and keeps the password when the field is empty', () => {
    expect(toUserPatch({ full_name: 'Ann Smith', is_admin: true, is_active: true, password: '' }, record)).toEqual({
      is_admin: true,
    });
    expect(toUserPatch({ full_name: 'Ann Jones', is_active: false, password: 'new-password-1' }, record)).toEqual({
      full_name: 'Ann Jones',
      is_active: false,
      password: 'new-password-1',
    });
  });

  it("asks for the current password on the edit form and sends it with a new password (the server wants it for one's own)", () => {
    const current = userDefinition.formFields.find((f) => f.name === 'current_password');
    expect(current).toMatchObject({ kind: 'password', editOnly: true, autoComplete: 'current-password' });
    expect(
      toUserPatch({ full_name: 'Ann Smith', password: 'new-password-1', current_password: 'old-password-1' }, record),
    ).toEqual({ password: 'new-password-1', current_password: 'old-password-1' });
    // without a new password it is not sent
    expect(toUserPatch({ full_name: 'Ann Jones', current_password: 'old-password-1' }, record)).toEqual({
      full_name: 'Ann Jones',
    });
  });

  it('re-sends the name when nothing changed, since the API wants one field at least', () => {
    expect(toUserPatch({ full_name: 'Ann Smith', is_admin: false, is_active: true }, record)).toEqual({
      full_name: 'Ann Smith',
    });
  });
});

describe('user definition', () => {
  it('takes its length limits from the contract', () => {
    const field = (name: string, createOnly = true) =>
      userDefinition.formFields.find((f) => f.name === name && !!f.createOnly === createOnly);
    expect(field('full_name', false)?.maxLength).toBe(UserCreate.properties.full_name.maxLength);
    expect(field('email')?.maxLength).toBe(UserCreate.properties.email.maxLength);
    expect(field('password')?.required).toBe(true);
    expect(userDefinition.formFields.find((f) => f.name === 'password' && f.editOnly)?.required).toBeFalsy();
  });

  it('keeps the company column, company picker and type filter behind access keys', () => {
    expect(userDefinition.columns.find((c) => c.key === 'company_name')?.access).toBe(USER_ACCESS.company);
    expect(userDefinition.columns.find((c) => c.key === 'user_type')?.access).toBe(USER_ACCESS.type);
    expect(userDefinition.formFields.find((f) => f.name === 'company_uuid')?.access).toBe(USER_ACCESS.pickCompany);
    const searchable = userDefinition.columns.filter((c) => c.search).map((c) => c.key);
    expect(searchable).toEqual(['full_name', 'company_name', 'user_type', 'is_admin', 'is_active']);
  });
});
