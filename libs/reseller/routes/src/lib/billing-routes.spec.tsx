import { innermostTitle, withLoadedAreas } from '@smsc/shared-ui';
import { resellerModule } from './routes';

const ID = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

describe('reseller billing routes of docs/spec.md §2', () => {
  // the area files load lazily: fetch them before reading titles or rendering
  beforeAll(() => withLoadedAreas(resellerModule));

  it.each([
    ['/reseller/billing/invoices', 'Invoices'],
    ['/reseller/billing/add-invoice', 'Add invoice'],
    ['/reseller/billing/payment', 'Payments'],
    ['/reseller/billing/add-payment', 'Add payment'],
    ['/reseller/payment/gateway', 'Payment gateway'],
    [`/reseller/companies/${ID}/invoice-history`, 'Invoice history'],
    [`/reseller/companies/${ID}/payment-history`, 'Payment history'],
    ['/reseller/companies/transaction-history', 'Transaction history'],
    ['/reseller/companies/add-manual-payment', 'Add manual payment'],
  ])('reseller %s is "%s"', (path, title) => {
    expect(innermostTitle(resellerModule, path)).toBe(title);
  });
});
