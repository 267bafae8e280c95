import { innermostTitle, withLoadedAreas } from '@smsc/shared-ui';
import { systemAdminModule } from './routes';

const ID = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

describe('billing routes of docs/spec.md §2', () => {
  // the area files load lazily: fetch them before reading titles or rendering
  beforeAll(() => withLoadedAreas(systemAdminModule));

  it.each([
    ['/system-admin/billing/invoices', 'Invoices'],
    ['/system-admin/billing/add-invoice', 'Add invoice'],
    ['/system-admin/billing/payment', 'Payments'],
    ['/system-admin/billing/add-payment', 'Add payment'],
    ['/system-admin/balance-log/list', 'Balance log'],
    ['/system-admin/companies/add-manual-payment', 'Add manual payment'],
    [`/system-admin/companies/${ID}/invoice-history/Acme`, 'Invoice history'],
    [`/system-admin/companies/${ID}/payment-history/Acme`, 'Payment history'],
    [`/system-admin/companies/transaction-history/${ID}`, 'Transaction history'],
    ['/system-admin/resellers/add-manual-payment', 'Add manual payment'],
    [`/system-admin/resellers/invoice-history/${ID}`, 'Invoice history'],
    [`/system-admin/resellers/payment-history/${ID}`, 'Payment history'],
    [`/system-admin/resellers/transaction-history/${ID}`, 'Transaction history'],
  ])('system admin %s is "%s"', (path, title) => {
    expect(innermostTitle(systemAdminModule, path)).toBe(title);
  });
});
