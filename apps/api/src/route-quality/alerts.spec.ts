import { alertMail } from './alerts';

describe('the route quality alert mail', () => {
  const demoted = {
    vendor_product_name: 'Northwind Direct',
    vendor_name: 'Northwind',
    iso2: 'US',
    to: 'demoted' as const,
    reason: 'delivered 80 % of 40 judged messages in 5 min, under its floor of 97 %',
  };

  it('says nothing for a pass that moved nothing', () => {
    expect(alertMail([])).toBeNull();
  });

  it('names one route in the subject, and every change of a pass in the text', () => {
    expect(alertMail([demoted])?.subject).toBe('Route demoted: Northwind Direct → US');
    const both = alertMail([
      demoted,
      { ...demoted, vendor_product_name: 'Contoso Global', vendor_name: null, iso2: 'GB', to: 'active', reason: 'x' },
    ]);
    expect(both?.subject).toBe('2 routes changed: 1 demoted, 1 promoted back');
    expect(both?.text).toContain(
      '- Northwind Direct (Northwind) → US: demoted, delivered 80 % of 40 judged messages in 5 min, under its floor of 97 %.',
    );
    expect(both?.text).toContain('- Contoso Global → GB: promoted back, x.');
  });
});
