import { innermostTitle, withLoadedAreas } from '@smsc/shared-ui';
import { companyAdminModule } from './routes';

describe('company admin messaging routes (docs/spec.md §2)', () => {
  beforeAll(() => withLoadedAreas(companyAdminModule));

  it.each([
    ['/company-admin/sms-center', 'SMS center'],
    ['/company-admin/sms-log/incoming', 'Incoming SMS'],
    ['/company-admin/sms-log/outgoing', 'Outgoing SMS'],
  ])('%s is "%s"', (path, title) => {
    expect(innermostTitle(companyAdminModule, path)).toBe(title);
  });
});
