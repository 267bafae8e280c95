import type { PrivacyRequest } from '@smsc/shared-contract';
import type { ResourcePages } from '@smsc/shared-ui';
import { PrivacyPanel } from './privacy-panel';

/** A role's Privacy requests screen at `path`: the request form above the record of past requests. */
export function privacyPages(opts: { path: string; pickCompany: boolean }): ResourcePages<PrivacyRequest> {
  return {
    path: opts.path,
    list: { path: '', title: 'Privacy requests' },
    listExtra: <PrivacyPanel pickCompany={opts.pickCompany} />,
  };
}
