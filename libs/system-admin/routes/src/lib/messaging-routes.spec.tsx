import { innermostTitle, withLoadedAreas } from '@smsc/shared-ui';
import { systemAdminModule } from './routes';

describe('system admin messaging and suppression routes (docs/spec.md §2)', () => {
  beforeAll(() => withLoadedAreas(systemAdminModule));

  it.each([
    ['/system-admin/sms-log/incoming', 'Incoming SMS'],
    ['/system-admin/sms-log/outgoing', 'Outgoing SMS'],
    ['/system-admin/sms-log/retention', 'Message retention'],
    ['/system-admin/dids/all-suppressions', 'All suppressions'],
    ['/system-admin/dids/add-suppression', 'Add suppression'],
    // the DID pages under the same root are still theirs
    ['/system-admin/dids/all-dids', 'All DIDs'],
  ])('%s is "%s"', (path, title) => {
    expect(innermostTitle(systemAdminModule, path)).toBe(title);
  });
});
