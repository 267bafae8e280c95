import { useMemo } from 'react';
import { timeZoneChoices } from '@smsc/shared-util';
import type { FormFieldDef } from './types';

/** Every zone to choose from, labelled with its offset now (built once a form, not at import). */
const useZoneChoices = () => ({ options: useMemo(() => timeZoneChoices(), []) });

/**
 * The one time zone picker of the forms (a company's zone, a system admin's or reseller's own): every IANA zone by
 * today's name with its offset, searchable by city. The form holds the zone's name (field `time_zone`).
 */
export const timeZoneField = (help: string, required = true): FormFieldDef => ({
  name: 'time_zone',
  label: 'Time zone',
  kind: 'select',
  required,
  placeholder: 'Type a city, e.g. Chicago',
  useOptions: useZoneChoices,
  help,
});
