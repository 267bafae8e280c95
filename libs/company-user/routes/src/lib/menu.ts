import type { MenuEntry } from '@smsc/shared-ui';

// docs/spec.md §2, company user: the root redirects to the SMS center, so that is the first entry
export const companyUserMenu: MenuEntry[] = [
  { path: 'sms-center', label: 'SMS center', also: [''] },
  {
    path: 'sms-log',
    label: 'SMS log',
    children: [
      { path: 'sms-log/incoming', label: 'Incoming SMS' },
      { path: 'sms-log/outgoing', label: 'Outgoing SMS' },
    ],
  },
  { path: 'dids', label: 'DIDs' },
  { path: 'sms-workflow', label: 'SMS workflows' },
  { path: 'reminder-workflow', label: 'Reminder workflows' },
  { path: 'profile', label: 'Profile' },
];
