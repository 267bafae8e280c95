import type { FormRule } from '@smsc/shared-ui/core';
import { PASSWORD_MIN_LENGTH } from '@smsc/shared-contract';

// The server enforces the same minimum and a deny list; this only saves a round trip.
export const passwordRules = [
  { required: true, message: 'Choose a password' },
  { min: PASSWORD_MIN_LENGTH, message: `Use at least ${PASSWORD_MIN_LENGTH} characters` },
];

/** The "repeat the password" rule: it must equal the field named `field`. */
export function sameAs(field: string, requiredMessage: string): FormRule[] {
  return [
    { required: true, message: requiredMessage },
    ({ getFieldValue }) => ({
      validator: (_, value) => (!value || value === getFieldValue(field) ? Promise.resolve() : Promise.reject(new Error('The passwords do not match'))),
    }),
  ];
}
