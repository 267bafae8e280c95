import { innermostTitle, withLoadedAreas } from '@smsc/shared-ui';
import { companyUserModule } from './routes';

describe('company user messaging routes (docs/spec.md §2)', () => {
  beforeAll(() => withLoadedAreas(companyUserModule));

  it.each([
    ['/company-user/sms-center', 'SMS center'],
    ['/company-user/sms-log/incoming', 'Incoming SMS'],
    ['/company-user/sms-log/outgoing', 'Outgoing SMS'],
  ])('%s is "%s"', (path, title) => {
    expect(innermostTitle(companyUserModule, path)).toBe(title);
  });
});
