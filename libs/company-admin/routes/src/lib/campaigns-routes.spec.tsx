import { innermostTitle, withLoadedAreas } from '@smsc/shared-ui';
import { companyAdminModule } from './routes';

const ID = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

describe('company admin campaigns and workflows routes (docs/spec.md §2)', () => {
  beforeAll(() => withLoadedAreas(companyAdminModule));

  it.each([
    ['/company-admin/campaings/dashboard', 'Campaign dashboard'],
    ['/company-admin/campaings/all-campaings', 'All campaigns'],
    ['/company-admin/campaings/add-campaing', 'Add campaign'],
    [`/company-admin/campaings/edit-campaing/${ID}`, 'Edit campaign'],
    ['/company-admin/campaings/keyword-manager', 'Keyword manager'],
    ['/company-admin/campaings/add-keyword', 'Add keyword'],
    [`/company-admin/campaings/edit-keyword/${ID}`, 'Edit keyword'],
    ['/company-admin/campaings/ani-group', 'ANI groups'],
    ['/company-admin/campaings/add-ani-group', 'Add ANI group'],
    [`/company-admin/campaings/edit-ani-group/${ID}`, 'Edit ANI group'],
    ['/company-admin/campaings/import-ani-group', 'Import ANI groups'],
    ['/company-admin/campaings/opt-outs', 'Opt-outs'],
    ['/company-admin/campaings/suppressions', 'Suppressed numbers'],
    ['/company-admin/campaings/add-suppression', 'Add suppressed number'],
    ['/company-admin/sms-workflow/list', 'SMS workflows'],
    ['/company-admin/sms-workflow/add', 'Add SMS workflow'],
    [`/company-admin/sms-workflow/edit/${ID}`, 'Edit SMS workflow'],
    ['/company-admin/reminder-workflow/list', 'Reminder workflows'],
    ['/company-admin/reminder-workflow/add', 'Add reminder workflow'],
    [`/company-admin/reminder-workflow/edit/${ID}`, 'Edit reminder workflow'],
  ])('%s is "%s"', (path, title) => {
    expect(innermostTitle(companyAdminModule, path)).toBe(title);
  });
});
