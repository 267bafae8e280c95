import { fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '@smsc/shared-testing';
import { email, PublicForm, required, usePublicForm, type FieldSpec } from './public-form';
import { newPasswordFields } from './password-rules';

const FIELDS: FieldSpec[] = [
  { name: 'email', label: 'Email', checks: [required('Enter your email'), email('Enter a valid email')] },
  ...newPasswordFields('password', 'Password', 'Confirm password', 'Repeat your password'),
];

function Probe({ onValid }: { onValid: (v: Record<string, string>) => void }) {
  const form = usePublicForm(FIELDS, onValid);
  return <PublicForm fields={FIELDS} form={form} submitLabel="Send" />;
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { exact: true }), { target: { value } });
const send = () => fireEvent.click(screen.getByRole('button', { name: 'Send' }));

describe('PublicForm', () => {
  it('on an empty submit, says what each field needs, ties the message to its input and focuses the first', () => {
    const onValid = jest.fn();
    renderWithProviders(<Probe onValid={onValid} />);
    send();
    expect(onValid).not.toHaveBeenCalled();
    const input = screen.getByLabelText('Email');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Enter your email');
    expect(screen.getByText('Choose a password')).toBeTruthy();
    expect(screen.getByText('Repeat your password')).toBeTruthy();
    expect(document.activeElement).toBe(input);
  });

  it('checks a field as it changes, and the repeat again when the password changes', () => {
    renderWithProviders(<Probe onValid={jest.fn()} />);
    type('Email', 'not-an-address');
    expect(screen.getByText('Enter a valid email')).toBeTruthy();
    type('Email', 'a@example.com');
    expect(screen.queryByText('Enter a valid email')).toBeNull();
    type('Password', 'short');
    expect(screen.getByText(/Use at least \d+ characters/)).toBeTruthy();
    type('Password', 'a-long-enough-password');
    type('Confirm password', 'a-long-enough-password');
    expect(screen.queryByText('The passwords do not match')).toBeNull();
    type('Password', 'another-long-password');
    expect(screen.getByText('The passwords do not match')).toBeTruthy();
  });

  it('sends the values once every check passes', () => {
    const onValid = jest.fn();
    renderWithProviders(<Probe onValid={onValid} />);
    type('Email', 'a@example.com');
    type('Password', 'a-long-enough-password');
    type('Confirm password', 'a-long-enough-password');
    send();
    expect(onValid).toHaveBeenCalledWith({
      email: 'a@example.com',
      password: 'a-long-enough-password',
      confirm: 'a-long-enough-password',
    });
  });
});
