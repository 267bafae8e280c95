import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { Home } from '@smsc/shared-contract';
import { renderWithProviders, stubApi } from '@smsc/shared-testing';
import { ResourceForm } from '@smsc/shared-ui';
import { AccountForm } from './profile-pages';
import { accountDefinition, toAccountPatch } from './profile.resource';

jest.setTimeout(60_000);

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const save = async () => {
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
};
/** the error text antd shows under one form item */
const fieldError = (label: string) => {
  const item = screen.getByLabelText(label).closest('.ant-form-item');
  return item?.querySelector('.ant-form-item-explain')?.textContent ?? '';
};

function renderForm(onSubmit: (values: Record<string, unknown>) => Promise<unknown>) {
  return renderWithProviders(
    <ResourceForm
      definition={accountDefinition}
      mode="edit"
      initialValues={{ full_name: 'Me' }}
      onSubmit={onSubmit}
      onDone={jest.fn()}
    />,
  );
}

describe('profile password change form', () => {
  it('asks for the current password and a matching repeat only once a new password is typed', async () => {
    const onSubmit = jest.fn().mockResolvedValue({});
    renderForm(onSubmit);
    await save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(toAccountPatch(onSubmit.mock.calls[0][0])).toEqual({ full_name: 'Me' });

    fill('New password', 'brand-new-pass-1');
    fill('Repeat new password', 'brand-new-pass-2');
    await save();
    await waitFor(() => expect(fieldError('Current password')).toBe('Enter your current password to set a new one'));
    expect(fieldError('Repeat new password')).toBe('The two new passwords differ');
    expect(onSubmit).toHaveBeenCalledTimes(1);

    fill('Repeat new password', 'brand-new-pass-1');
    fill('Current password', 'old-pass-123');
    await save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
    expect(toAccountPatch(onSubmit.mock.calls[1][0])).toEqual({
      full_name: 'Me',
      password: 'brand-new-pass-1',
      current_password: 'old-pass-123',
    });
  });

  it('lets password managers fill the current password and offer a new one', () => {
    renderForm(jest.fn());
    expect(screen.getByLabelText('Current password').getAttribute('autocomplete')).toBe('current-password');
    expect(screen.getByLabelText('New password').getAttribute('autocomplete')).toBe('new-password');
  });

  it('never sends the repeat field', () => {
    expect(
      toAccountPatch({
        full_name: 'Me',
        password: 'abc-def-ghi',
        password_repeat: 'abc-def-ghi',
        current_password: 'x',
      }),
    ).not.toHaveProperty('password_repeat');
  });
});

describe('AccountForm against /home', () => {
  const home: Home = {
    user: {
      uuid: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
      email: 'me@example.com',
      full_name: 'Me',
      user_type: 'admin',
      is_active: true,
      is_admin: true,
      company_uuid: null,
      company_name: null,
      reseller_uuid: null,
      created_on: '2026-01-01T00:00:00Z',
      // saved at its first sign-in (the account's own zone); the form sends it only when changed
      time_zone: 'Europe/Berlin',
    },
    company: null,
  };
  let patchAnswer: { status: number; body: unknown } = { status: 200, body: home };
  let api: ReturnType<typeof stubApi>;
  /** the bodies of the PATCH calls sent so far */
  const patches = () => api.calls.filter((c) => c.method === 'PATCH').map((c) => c.body);
  beforeAll(() => {
    api = stubApi(({ method }) => (method === 'PATCH' ? patchAnswer : { status: 200, body: home }));
  });
  afterAll(() => api.restore());

  it("shows the server's verdict on the current password field, then saves with the right one", async () => {
    renderWithProviders(<AccountForm />);
    await screen.findByLabelText('New password');
    patchAnswer = {
      status: 400,
      body: { errors: [{ field: 'current_password', code: 'invalid', detail: 'The current password is wrong' }] },
    };
    fill('New password', 'brand-new-pass-1');
    fill('Repeat new password', 'brand-new-pass-1');
    fill('Current password', 'a-wrong-guess');
    await save();
    await waitFor(() => expect(fieldError('Current password')).toBe('The current password is wrong'));
    expect(patches()).toEqual([{ full_name: 'Me', password: 'brand-new-pass-1', current_password: 'a-wrong-guess' }]);
    expect(screen.queryByRole('alert')).toBeNull();

    patchAnswer = { status: 200, body: home };
    fill('Current password', 'the-right-one');
    await save();
    await waitFor(() => expect(patches()).toHaveLength(2));
    expect(patches()[1]).toEqual({ full_name: 'Me', password: 'brand-new-pass-1', current_password: 'the-right-one' });
    // the refetched /home starts a clean form: no password left in it
    await waitFor(() => expect((screen.getByLabelText('New password') as HTMLInputElement).value).toBe(''));
  });
});
