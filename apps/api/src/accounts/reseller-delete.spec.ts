import { api, bearer, createTestApp, login, type TestApp } from '../testing/test-app';

describe('DELETE /reseller/{id}', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    admin = bearer(await login(t.app, 'admin@example.com'));
  }, 120_000);
  afterAll(async () => t.close());
  const del = (id: string) => t.app.inject({ method: 'DELETE', url: api(`/reseller/${id}`), headers: admin });
  const create = async (reseller_name: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: api('/reseller'),
      headers: admin,
      payload: { reseller_name },
    });
    expect(res.statusCode).toBe(201);
    return res.json().reseller_uuid as string;
  };
  const addCompany = async (reseller_uuid: string, company_name: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: api('/company'),
      headers: admin,
      payload: { company_name, reseller_uuid },
    });
    expect(res.statusCode).toBe(201);
    return res.json().company_uuid as string;
  };

  it('answers 409 naming the companies that keep a reseller, and deletes nothing', async () => {
    const id = await create('Northwind Resale');
    for (const name of ['Delta Co', 'Alpha Co', 'Charlie Co', 'Bravo Co']) await addCompany(id, name);
    const res = await del(id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'conflict',
      detail:
        'Reseller Northwind Resale has 4 companies (Alpha Co, Bravo Co, Charlie Co, …): move them to another reseller or delete them first',
    });
    const kept = await t.app.inject({ method: 'GET', url: api(`/reseller/${id}`), headers: admin });
    expect(kept.statusCode).toBe(200);
  });

  it('names a single company, and deletes a reseller once it has none', async () => {
    const id = await create('Southwind Resale');
    const company = await addCompany(id, 'Echo Co');
    expect((await del(id)).json().detail).toBe(
      'Reseller Southwind Resale has 1 company (Echo Co): move it to another reseller or delete it first',
    );
    expect((await t.app.inject({ method: 'DELETE', url: api(`/company/${company}`), headers: admin })).statusCode).toBe(
      200,
    );
    expect((await del(id)).statusCode).toBe(200);
    expect((await del(id)).statusCode).toBe(404);
  });
});
