import { PASSWORD_MIN_LENGTH } from '@smsc/shared-contract';
import { minLength, required, sameAs, type FieldSpec } from './public-form';

// The server enforces the same minimum and a deny list; this only saves a round trip.
const passwordChecks = [
  required('Choose a password'),
  minLength(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters`),
];

/** A new password and its repetition, as the registration and reset pages ask for them. */
export function newPasswordFields(
  name: string,
  label: string,
  confirmLabel: string,
  repeatMessage: string,
): FieldSpec[] {
  return [
    { name, label, checks: passwordChecks, password: true, autoComplete: 'new-password' },
    {
      name: 'confirm',
      label: confirmLabel,
      password: true,
      autoComplete: 'new-password',
      dependsOn: name,
      checks: [required(repeatMessage), sameAs(name, 'The passwords do not match')],
    },
  ];
}
