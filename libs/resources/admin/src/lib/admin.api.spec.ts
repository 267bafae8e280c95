import { makeApiStore } from '@smsc/shared-session/api';
import { stubApi } from '@smsc/shared-testing';
import { adminApi, adminListParams } from './admin.api';
import { toAdminPatch } from './admin.resource';

const ID = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const user = (user_type: string) => ({
  uuid: ID,
  email: 'x@example.com',
  full_name: 'X',
  user_type,
  is_active: true,
  is_admin: true,
  company_uuid: null,
  company_name: null,
  reseller_uuid: null,
  created_on: '2026-01-01T00:00:00Z',
});

describe('admin list parameters', () => {
  it('always asks for system admins, whatever the address says, and maps the name search', () => {
    expect(adminListParams({ page: 1, per_page: 10, full_name: '*ops*', user_type: 'user' })).toEqual({
      page: 1,
      per_page: 10,
      user_name: '*ops*',
      user_type: 'admin',
    });
  });
});

describe('reading one admin', () => {
  let answer: { status: number; body: unknown };
  let api: ReturnType<typeof stubApi>;
  beforeAll(() => {
    api = stubApi(() => answer);
  });
  afterAll(() => api.restore());

  it('gives the admin record', async () => {
    answer = { status: 200, body: user('admin') };
    const result = await makeApiStore().dispatch(adminApi.endpoints.getAdmin.initiate(ID));
    expect(result.data).toMatchObject({ uuid: ID, user_type: 'admin' });
  });

  it('answers not found for a user who is not a system admin, so the admin form never shows it', async () => {
    answer = { status: 200, body: user('company_admin') };
    const result = await makeApiStore().dispatch(adminApi.endpoints.getAdmin.initiate(ID));
    expect(result.data).toBeUndefined();
    expect(result.error).toEqual({ status: 404, data: { code: 'not_found', detail: 'Admin not found' } });
  });

  it('passes the server failure on', async () => {
    answer = { status: 404, body: { code: 'error', detail: 'User not found' } };
    const result = await makeApiStore().dispatch(adminApi.endpoints.getAdmin.initiate(ID));
    expect(result.error).toMatchObject({ status: 404, data: { code: 'error', detail: 'User not found' } });
  });
});

describe('admin patch', () => {
  it('sends only changed fields and never a blank password', () => {
    const record = { ...user('admin'), user_type: 'admin' as const };
    expect(toAdminPatch({ full_name: 'X', is_active: false, password: '' }, record)).toEqual({ is_active: false });
    expect(toAdminPatch({ full_name: 'X', is_active: true }, record)).toEqual({ full_name: 'X' });
  });
});
