import { innermostTitle, withLoadedAreas } from '@smsc/shared-ui';
import { resellerModule } from './routes';

describe('reseller messaging routes (docs/spec.md §2)', () => {
  beforeAll(() => withLoadedAreas(resellerModule));

  it.each([
    ['/reseller/reseller-sms-center', 'SMS center'],
    ['/reseller/reseller-sms-log', 'SMS log'],
  ])('%s is "%s"', (path, title) => {
    expect(innermostTitle(resellerModule, path)).toBe(title);
  });
});
