import { innermostTitle, withLoadedAreas } from '@smsc/shared-ui';
import { companyUserModule } from './routes';

const ID = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

describe('company user workflow routes (docs/spec.md §2)', () => {
  beforeAll(() => withLoadedAreas(companyUserModule));

  it.each([
    ['/company-user/sms-workflow/list', 'SMS workflows'],
    ['/company-user/sms-workflow/add', 'Add SMS workflow'],
    [`/company-user/sms-workflow/edit/${ID}`, 'Edit SMS workflow'],
    ['/company-user/reminder-workflow/reminder-workflow-list', 'Reminder workflows'],
    ['/company-user/reminder-workflow/add-reminder-workflow', 'Add reminder workflow'],
    [`/company-user/reminder-workflow/edit-reminder-workflow/${ID}`, 'Edit reminder workflow'],
  ])('%s is "%s"', (path, title) => {
    expect(innermostTitle(companyUserModule, path)).toBe(title);
  });
});
