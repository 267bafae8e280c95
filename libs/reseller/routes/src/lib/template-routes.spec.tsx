import { innermostTitle, withLoadedAreas } from '@smsc/shared-ui';
import { resellerModule } from './routes';

describe('reseller template approval routes (docs/spec.md §2)', () => {
  beforeAll(() => withLoadedAreas(resellerModule));

  it.each([
    ['/reseller/template-approval/template-approval-list', 'Template approval'],
    ['/reseller/template-approval/add-template', 'Add template'],
    ['/reseller/template-approval/edit/7c9e6679-7425-40de-944b-e07fc1f90ae7', 'Edit template'],
  ])('%s is "%s"', (path, title) => {
    expect(innermostTitle(resellerModule, path)).toBe(title);
  });
});
