import { api, bearer, createTestApp, login, type TestApp } from '../testing/test-app';

/** A reminder through the real job engine: a pg-boss job started after its time sends it. */
describe('reminder workflows on pg-boss', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ demoTraffic: true, messaging: { simLatencyMs: 20, simFailureRate: 0 } });
  }, 120_000);
  afterAll(async () => t.close());

  it('sends at its time, once, and records the run', async () => {
    const user = bearer(await login(t.app, 'acme-user@example.com'));
    const at = new Date(Date.now() + 1500);
    const res = await t.app.inject({
      method: 'POST',
      url: api('/reminder_workflow'),
      headers: user,
      payload: {
        name: 'Soon',
        ani: '+12125552301',
        text: 'Your visit is today',
        numbers: ['+14155550601'],
        remind_at: at.toISOString(),
      },
    });
    expect(res.statusCode).toBe(201);
    const id = res.json().reminder_workflow.reminder_workflow_uuid;
    const sent = () =>
      t.app.db
        .selectFrom('sms')
        .select('sms_uuid')
        .where('dnis', '=', '+14155550601')
        .where('text', '=', 'Your visit is today')
        .execute();
    expect(await sent()).toHaveLength(0);
    for (let i = 0; i < 80 && !(await sent()).length; i++) await new Promise((r) => setTimeout(r, 250));
    expect(await sent()).toHaveLength(1);
    const row = (await t.app.inject({ method: 'GET', url: api(`/reminder_workflow/${id}`), headers: user })).json()
      .reminder_workflow;
    expect(row).toMatchObject({ last_run_at: at.toISOString(), next_run_at: null });
    await new Promise((r) => setTimeout(r, 1500));
    expect(await sent()).toHaveLength(1);
  }, 60_000);
});
