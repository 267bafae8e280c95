import { PASSWORD_MIN_LENGTH } from '@smsc/shared-contract';

// The server enforces the same minimum and a deny list; this only saves a round trip.
export const passwordRules = [
  { required: true, message: 'Choose a password' },
  { min: PASSWORD_MIN_LENGTH, message: `Use at least ${PASSWORD_MIN_LENGTH} characters` },
];
