import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { renderWithProviders } from '@smsc/shared-testing';
import { ResourceForm, splitServerError } from './resource-form';
import { companies } from './test-fixtures';

jest.setTimeout(60_000);

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = async (name: RegExp | string) => {
  await act(async () => fireEvent.click(screen.getByRole('button', { name })));
};

describe('ResourceForm', () => {
  it('builds the create fields and leaves edit-only ones out', () => {
    renderWithProviders(<ResourceForm definition={companies} mode="create" onSubmit={jest.fn()} onDone={jest.fn()} />);
    expect(screen.getByLabelText('Name')).toBeTruthy();
    expect(screen.getByLabelText('Password')).toBeTruthy();
    expect(screen.getByRole('switch')).toBeTruthy();
    expect(screen.queryByLabelText('Notes')).toBeNull();
  });

  it('in edit mode shows the initial values, edit-only fields and no create-only ones', () => {
    renderWithProviders(
      <ResourceForm
        definition={companies}
        mode="edit"
        initialValues={{ name: 'Acme', email: 'a@acme.test' }}
        onSubmit={jest.fn()}
        onDone={jest.fn()}
      />,
    );
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Acme');
    expect(screen.getByLabelText('Notes')).toBeTruthy();
    expect(screen.queryByLabelText('Password')).toBeNull();
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
  });

  it('blocks submit with validation messages', async () => {
    const onSubmit = jest.fn();
    renderWithProviders(<ResourceForm definition={companies} mode="create" onSubmit={onSubmit} onDone={jest.fn()} />);
    fill('Email', 'not-an-email');
    fill('Credit', '5000');
    await submit(/Create company/);
    expect(await screen.findByText('Name is required')).toBeTruthy();
    expect(await screen.findByText('Email must be a valid email address')).toBeTruthy();
    expect(await screen.findByText('Password is required')).toBeTruthy();
    expect(await screen.findByText('Credit must be between 0 and 1000')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits valid values, shows a success toast and calls onDone', async () => {
    const onSubmit = jest.fn().mockResolvedValue({ id: 7 });
    const onDone = jest.fn();
    const { store } = renderWithProviders(
      <ResourceForm definition={companies} mode="create" onSubmit={onSubmit} onDone={onDone} />,
    );
    fill('Name', 'Acme');
    fill('Email', 'ops@acme.test');
    fill('Password', 'secret-pass');
    await submit(/Create company/);
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'Acme', email: 'ops@acme.test', password: 'secret-pass' }),
    );
    expect(store.getState().toast.current).toMatchObject({ kind: 'success', text: 'Company created' });
  });

  it('puts server field errors on their fields and keeps the form open', async () => {
    const onSubmit = jest.fn().mockRejectedValue({
      status: 422,
      data: {
        errors: [
          { field: 'email', code: 'invalid', detail: 'Email is already taken' },
          { field: 'name', code: 'invalid', detail: 'Name is reserved' },
        ],
      },
    });
    const onDone = jest.fn();
    renderWithProviders(
      <ResourceForm
        definition={companies}
        mode="edit"
        initialValues={{ name: 'Acme', email: 'a@acme.test' }}
        onSubmit={onSubmit}
        onDone={onDone}
      />,
    );
    fill('Name', 'Admin');
    await submit('Save');
    const emailError = await screen.findByText('Email is already taken');
    expect(emailError.closest('.ant-form-item')?.querySelector('#companies-edit_email')).not.toBeNull();
    expect(
      (await screen.findByText('Name is reserved')).closest('.ant-form-item')?.querySelector('#companies-edit_name'),
    ).not.toBeNull();
    expect(screen.queryByRole('alert', { name: /went wrong/ })).toBeNull();
    expect(onDone).not.toHaveBeenCalled();
  });

  it('shows a server error message in an alert', async () => {
    const onSubmit = jest
      .fn()
      .mockRejectedValue({ status: 403, data: { code: 'error', detail: 'Company limit reached' } });
    renderWithProviders(
      <ResourceForm
        definition={companies}
        mode="edit"
        initialValues={{ name: 'Acme', email: 'a@acme.test' }}
        onSubmit={onSubmit}
        onDone={jest.fn()}
      />,
    );
    await submit('Save');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Company limit reached'));
  });

  it('warns on unload while there are unsaved changes', async () => {
    renderWithProviders(<ResourceForm definition={companies} mode="create" onSubmit={jest.fn()} onDone={jest.fn()} />);
    const before = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(before);
    expect(before.defaultPrevented).toBe(false);
    fill('Name', 'Changed');
    const after = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(after);
    expect(after.defaultPrevented).toBe(true);
  });

  it('in a data router asks before an in-app navigation leaves unsaved changes', async () => {
    const router = createMemoryRouter(
      [
        {
          path: '/edit',
          element: (
            <>
              <Link to="/list">Back to list</Link>
              <ResourceForm definition={companies} mode="create" onSubmit={jest.fn()} onDone={jest.fn()} />
            </>
          ),
        },
        { path: '/list', element: <p>The list</p> },
      ],
      { initialEntries: ['/edit'] },
    );
    renderWithProviders(<RouterProvider router={router} />, { withRouter: false });
    fill('Name', 'Changed');
    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'Back to list' })));
    expect(await screen.findByText('Leave this page?')).toBeTruthy();
    expect(screen.queryByText('The list')).toBeNull();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Leave' })));
    expect(await screen.findByText('The list')).toBeTruthy();
  });
});

describe('splitServerError', () => {
  it('sends known fields to the fields and the rest to the form message', () => {
    expect(
      splitServerError(
        {
          data: {
            errors: [
              { field: 'email', code: 'invalid', detail: 'taken' },
              { field: 'plan', code: 'invalid', detail: 'unknown plan' },
            ],
          },
        },
        ['email'],
      ),
    ).toEqual({
      fields: { email: ['taken'] },
      message: 'Plan: unknown plan',
    });
    expect(splitServerError({ data: { code: 'error', detail: 'Nope' } }, ['email'])).toEqual({
      fields: {},
      message: 'Nope',
    });
    expect(splitServerError(undefined, [])).toEqual({ fields: {}, message: 'something went wrong!' });
  });
  it('puts a validation failure on its fields only, in the words the server gives', () => {
    const failure = {
      data: {
        code: 'validation',
        detail: 'Recipient number: enter a phone number, digits only',
        errors: [{ field: 'dnis', code: 'invalid', detail: 'Recipient number: enter a phone number, digits only' }],
      },
    };
    expect(splitServerError(failure, ['dnis'])).toEqual({
      fields: { dnis: ['Recipient number: enter a phone number, digits only'] },
      message: null,
    });
    // a field the form does not have: the message is said for the form
    expect(splitServerError(failure, ['text']).message).toBe('Recipient number: enter a phone number, digits only');
  });
});
