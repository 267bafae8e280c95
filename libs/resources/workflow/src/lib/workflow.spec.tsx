import {
  reminderWorkflowBody,
  smsWorkflowBody,
  smsWorkflowPages,
  userReminderWorkflowPages,
} from './workflow.resource';
import { sendWorkflow } from './workflow-send';

const w = { ani: '+12125552301', text: 'Hi', numbers: ['+14155550100', '+14155550101'], is_bulk: false };

describe('workflow resources', () => {
  it('turns the forms into calls: numbers one per line, the time in ISO', () => {
    expect(
      smsWorkflowBody({
        name: ' Follow ',
        ani: ' +12125552301 ',
        text: 'Hi',
        numbers: '+1 415 555 0100\n+14155550101;',
        is_bulk: true,
      }),
    ).toEqual({
      name: 'Follow',
      ani: '+12125552301',
      text: 'Hi',
      numbers: ['+1 415 555 0100', '+14155550101'],
      is_bulk: true,
    });
    expect(
      reminderWorkflowBody({
        name: 'R',
        ani: 'x',
        text: 'y',
        numbers: 'z',
        remind_at: '2026-12-01T09:00:00Z',
        repeat: 'daily',
      }),
    ).toMatchObject({ remind_at: '2026-12-01T09:00:00.000Z', repeat: 'daily', is_active: true });
    // what cannot be read goes as typed, so the server's 400 names the field
    expect(
      reminderWorkflowBody({ name: 'R', ani: 'x', text: 'y', numbers: 'z', remind_at: 'tomorrow' }).remind_at,
    ).toBe('tomorrow');
  });

  it('carries the spec paths of both roles', () => {
    expect([smsWorkflowPages.list?.path, smsWorkflowPages.create?.path, smsWorkflowPages.edit?.path]).toEqual([
      'list',
      'add',
      'edit/:id',
    ]);
    expect([
      userReminderWorkflowPages.list?.path,
      userReminderWorkflowPages.create?.path,
      userReminderWorkflowPages.edit?.path,
    ]).toEqual(['reminder-workflow-list', 'add-reminder-workflow', 'edit-reminder-workflow/:id']);
  });
});

describe('sendWorkflow (docs/spec.md §7: resolves with the error object instead of failing)', () => {
  it('sends each number through POST /sms, or every number through POST /bulk when bulk is checked', async () => {
    const sms = jest.fn(async () => ({ data: {} }));
    const bulk = jest.fn(async () => ({ data: {} }));
    await expect(sendWorkflow(w, { sms, bulk })).resolves.toEqual({ sent: 2 });
    expect(sms.mock.calls).toEqual([
      [{ ani: '+12125552301', dnis: '+14155550100', text: 'Hi' }],
      [{ ani: '+12125552301', dnis: '+14155550101', text: 'Hi' }],
    ]);
    await expect(sendWorkflow({ ...w, is_bulk: true }, { sms, bulk })).resolves.toEqual({ sent: 2 });
    expect(bulk).toHaveBeenCalledWith({ ani: '+12125552301', text: 'Hi', numbers: w.numbers });
  });

  it('resolves with the error: an error answer stops at the first failure, a thrown one is caught', async () => {
    const refused = { status: 422, data: { code: 'error', detail: 'Blocked (suppressed)' } };
    const sms = jest.fn(async () => ({ error: refused }));
    await expect(sendWorkflow(w, { sms, bulk: jest.fn() })).resolves.toEqual({ error: refused });
    expect(sms).toHaveBeenCalledTimes(1);
    const boom = new Error('network down');
    await expect(
      sendWorkflow(
        { ...w, is_bulk: true },
        {
          sms,
          bulk: jest.fn(async () => {
            throw boom;
          }),
        },
      ),
    ).resolves.toEqual({ error: boom });
  });
});
