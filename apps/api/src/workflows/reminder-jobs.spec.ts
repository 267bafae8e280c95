import { api, bearer, createTestApp, login, type TestApp } from '../testing/test-app';
import { remindersOf } from '.';

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
    // the run moves on only after its sends (a crash mid-run must not lose the rest): wait for that write
    const row = async () =>
      (await t.app.inject({ method: 'GET', url: api(`/reminder_workflow/${id}`), headers: user })).json()
        .reminder_workflow;
    for (let i = 0; i < 40 && !(await row()).last_run_at; i++) await new Promise((r) => setTimeout(r, 250));
    expect(await row()).toMatchObject({ last_run_at: at.toISOString(), next_run_at: null });
    await new Promise((r) => setTimeout(r, 1500));
    expect(await sent()).toHaveLength(1);
  }, 60_000);

  it('a run retried after a crash before it moved on sends each number once (idempotency keys of the run)', async () => {
    const user = bearer(await login(t.app, 'acme-user@example.com'));
    // a day ahead: the job engine leaves it alone while the test runs it by hand
    const at = new Date(Math.floor(Date.now() / 1000) * 1000 + 86_400_000);
    const numbers = ['+14155550611', '+14155550612'];
    const res = await t.app.inject({
      method: 'POST',
      url: api('/reminder_workflow'),
      headers: user,
      payload: { name: 'Twice', ani: '+12125552301', text: 'Run once please', numbers, remind_at: at.toISOString() },
    });
    expect(res.statusCode).toBe(201);
    const id = res.json().reminder_workflow.reminder_workflow_uuid as string;
    const sent = async () =>
      (
        await t.app.db
          .selectFrom('sms')
          .select('dnis')
          .where('dnis', 'in', numbers)
          .where('text', '=', 'Run once please')
          .execute()
      )
        .map((r) => r.dnis)
        .sort();
    const reminders = remindersOf(t.app);
    expect(await reminders.fire({ reminder_workflow_uuid: id, at: at.toISOString() })).toEqual({
      sent: 2,
      blocked: 0,
      replayed: 0,
    });
    expect(await sent()).toEqual(numbers);
    // the process died after sending, before next_run_at moved: the job engine runs the same job again
    await t.app.db
      .updateTable('reminder_workflows')
      .set({ next_run_at: at })
      .where('reminder_workflow_uuid', '=', id)
      .execute();
    expect(await reminders.fire({ reminder_workflow_uuid: id, at: at.toISOString() })).toEqual({
      sent: 0,
      blocked: 0,
      replayed: 2,
    });
    expect(await sent()).toEqual(numbers);
    // and it moved on this time: a third copy of the job finds nothing to do
    expect(await reminders.fire({ reminder_workflow_uuid: id, at: at.toISOString() })).toBeNull();
  }, 60_000);
});
