// The typed client generated from the OpenAPI document (libs/shared/api-client) against the running server: what
// its types promise is what the server answers, for a send with an API key and the read of its status.
import type { AddressInfo } from 'node:net';
import { createSmscClient } from '@smsc/shared-api-client';
import { api, bearer, createTestApp, login, type TestApp } from '../../testing/test-app';
import { companyNamed, fundCompany } from '../../testing/fixtures';
import { messagingOf, type SmscSimulator } from '../../messaging';

describe('the typed client (openapi-typescript + openapi-fetch) sends an SMS and reads its status', () => {
  let t: TestApp;
  let baseUrl = '';
  let key = '';

  beforeAll(async () => {
    t = await createTestApp({ messaging: { gatewaySecret: 'typed', simAutoDeliver: true, simFailureRate: 0 } });
    await fundCompany(t.app, await companyNamed(t.app, 'Acme'), 1_000_000n, 'adjustment');
    const made = await t.app.inject({
      method: 'POST',
      url: api('/api_key'),
      headers: bearer(await login(t.app, 'acme-admin@example.com')),
      payload: { name: 'Typed client', scopes: ['send', 'read'] },
    });
    key = made.json().key;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  }, 120_000);
  afterAll(async () => t.close());

  it('sends with an API key, then reads the message delivered', async () => {
    const client = createSmscClient({ baseUrl, apiKey: key });
    const sent = await client.POST('/api_smsc/v1/sms', {
      body: { ani: '+12125552301', dnis: '+14155550181', text: 'Typed hello' },
    });
    expect(sent.error).toBeUndefined();
    expect(sent.response.status).toBe(201);
    const sms = sent.data?.sms;
    expect(sms).toMatchObject({ dnis: '+14155550181', text: 'Typed hello', company_name: 'Acme' });
    await (messagingOf(t.app).gateway as SmscSimulator).drain();
    const read = await client.GET('/api_smsc/v1/sms/{id}', { params: { path: { id: sms?.sms_uuid as string } } });
    expect(read.data?.sms).toMatchObject({ sms_uuid: sms?.sms_uuid, status: 'delivered' });
  });

  it('answers a refusal as the problem its types describe', async () => {
    const client = createSmscClient({ baseUrl, apiKey: key });
    const refused = await client.POST('/api_smsc/v1/sms', { body: { ani: '+12125552301', dnis: 'nobody', text: 'x' } });
    expect(refused.response.status).toBe(400);
    expect(refused.error).toMatchObject({ code: 'validation', status: 400, detail: expect.any(String) });
    const unknown = await createSmscClient({ baseUrl, apiKey: 'smsc_not-a-key-000000000000000000000' }).GET(
      '/api_smsc/v1/sms/{id}',
      { params: { path: { id: '00000000-0000-4000-8000-000000000000' } } },
    );
    expect(unknown.response.status).toBe(401);
    expect(unknown.error?.code).toEqual(expect.any(String));
  });
});
