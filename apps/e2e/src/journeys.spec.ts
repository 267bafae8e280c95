import { test, expect } from './fixtures';
import {
  addProduct,
  budget,
  addRateTable,
  addRouting,
  addVendor,
  addVendorProduct,
  giveProductTo,
  importRateDeck,
  menuTo,
  reportLineOf,
  signInSeeded,
  signInWith,
  signOut,
} from './journey-steps';
import {
  addCompany,
  addCredit,
  addTemplate,
  approveTemplate,
  buyNumber,
  expectCompanyAdmin,
  expectTransactions,
  importRecipients,
  outgoingDelivered,
  runTemplateCampaign,
} from './journey-steps-company';
import { expectTitle, searchText, tableRows } from './accounts-support';

// One journey per role from a blank start to its goal, entirely by clicks. Only the sign-in
// page is typed in (/login); everything else is a menu entry, a button or a row link, and no step calls the API.
// The journeys hand over to each other (the reseller's company sends through the system admin's new vendor, and the
// system admin reads that traffic back), so they run in order on one database.

const stamp = Date.now().toString(36);
const VENDOR = `Journey Telecom ${stamp}`;
const VENDOR_PRODUCT = `Journey direct ${stamp}`;
const RATE_TABLE = `Journey retail ${stamp}`;
const ROUTING = `Journey routes ${stamp}`;
const PRODUCT = `Journey SMS ${stamp}`;
const COMPANY = `Journey Shop ${stamp}`;
const ADMIN = {
  fullName: `Jo Journey ${stamp}`,
  email: `journey-admin-${stamp}@example.com`,
  password: `journey-pass-${stamp}`,
};
const TEMPLATE = `Shipped ${stamp}`;
const CAMPAIGN = `Shipping news ${stamp}`;
const ORDER = 'A-1001';
// New York numbers: a campaign reads its quiet hours in each recipient's local time (the area code's zone)
// (shown: as the SMS log shows a number, grouped)
const RECIPIENTS = [
  { name: 'Ann', number: '+12125550161', shown: '+1 212 555 0161' },
  { name: 'Bob', number: '+12125550162', shown: '+1 212 555 0162' },
  { name: 'Cleo', number: '+12125550163', shown: '+1 212 555 0163' },
];
// what the new product sells a US message for, and what the new vendor charges for carrying it
const PRICE = '0.020000';
const COST = '0.004000';

test.describe.serial('journeys: each role from a blank start to its goal, by clicks', () => {
  test('system admin: a vendor with a rate deck, a routing to it and a product that sells through it', async ({
    page,
  }) => {
    budget(75_000);
    await signInSeeded(page, 'admin@example.com', 'System admin home');
    await addVendor(page, VENDOR);
    await addVendorProduct(page, VENDOR, VENDOR_PRODUCT);
    await importRateDeck(page, VENDOR_PRODUCT, `code,price\n1,${COST}\n`, 1);
    await expect(tableRows(page).first()).toContainText('0.004');
    await addRateTable(page, RATE_TABLE, `code,price\n1,${PRICE}\n`, 1);
    await expect(tableRows(page).first()).toContainText('0.02');
    await addRouting(page, ROUTING, '1', `${VENDOR} / ${VENDOR_PRODUCT}`);
    // the quote of a US number: the rate table's price, carried by the new vendor at its deck's cost
    await addProduct(page, { name: PRODUCT, rateTable: RATE_TABLE, routing: ROUTING }, RECIPIENTS[0].number, [
      VENDOR_PRODUCT,
      PRICE,
      COST,
    ]);
    await signOut(page);
  });

  test('reseller: a new company with its admin, a product and credit', async ({ page }) => {
    budget(60_000);
    await signInSeeded(page, 'reseller@example.com', 'Reseller home');
    await addCompany(page, COMPANY, ADMIN);
    await expectCompanyAdmin(page, ADMIN, COMPANY);
    // the reseller prices its companies from its own catalog
    await menuTo(page, 'Products', 'SMS routes');
    await expectTitle(page, 'SMS routes');
    await giveProductTo(page, 'Reseller Standard', COMPANY);
    await addCredit(page, COMPANY, '25.00');
    await signOut(page);
  });

  test("system admin: puts the reseller's new company on the product that routes to the new vendor", async ({
    page,
  }) => {
    // A reseller's companies can only be given the reseller's own products (its catalog never sees the
    // platform's); a platform product goes to any company from the system admin's product list.
    budget(40_000);
    await signInSeeded(page, 'admin@example.com', 'System admin home');
    await menuTo(page, 'Products', 'SMS routes');
    await expectTitle(page, 'SMS routes');
    await searchText(page, 'Product', PRODUCT);
    await giveProductTo(page, PRODUCT, COMPANY);
    await signOut(page);
  });

  test('company admin: a number, an approved template with placeholders, recipients, and a campaign delivered filled in', async ({
    page,
  }) => {
    budget(120_000);
    await signInWith(page, ADMIN.email, ADMIN.password, 'Daily usage');
    const { monthly } = await buyNumber(page);
    await addTemplate(page, TEMPLATE, 'Hi {name}, your order {order} has shipped');

    // the reseller approves it, the admin comes back to an approved template
    await signOut(page);
    await signInSeeded(page, 'reseller@example.com', 'Reseller home');
    await approveTemplate(page, TEMPLATE, COMPANY, '{name}{order}');
    await signOut(page);
    await signInWith(page, ADMIN.email, ADMIN.password, 'Daily usage');
    await menuTo(page, 'Templates');
    await expect(tableRows(page).filter({ hasText: TEMPLATE })).toContainText('Approved');

    await importRecipients(page, RECIPIENTS);
    await runTemplateCampaign(page, {
      name: CAMPAIGN,
      template: TEMPLATE,
      values: `order=${ORDER}`,
      zone: 'America/New_York',
      recipients: RECIPIENTS.length,
    });

    // every message delivered, each with its recipient's name and the order filled in, at the product's price
    const sent = await outgoingDelivered(page, RECIPIENTS.length);
    for (const r of RECIPIENTS) {
      const line = sent.filter({ hasText: r.shown });
      await expect(line).toContainText(`Hi ${r.name}, your order ${ORDER} has shipped`);
      await expect(line).toContainText('delivered');
      await expect(line).toContainText('0.02');
    }
    await expect(sent.filter({ hasText: /\{\w+\}/ })).toHaveCount(0);
    // the reseller's credit, less the number's first month and the three messages (in cents: 0.02 each)
    const left = 2500 - Math.round(Number(monthly) * 100) - 2 * RECIPIENTS.length;
    await expectTransactions(page, {
      balance: `USD ${(left / 100).toFixed(2)}`,
      payments: 1,
      didFees: 1,
      smsCharges: RECIPIENTS.length,
    });
    await signOut(page);
  });

  test("system admin: the new company's messages in the report, carried by the new vendor", async ({ page }) => {
    budget(40_000);
    await signInSeeded(page, 'admin@example.com', 'System admin home');
    const cells = await reportLineOf(page, COMPANY);
    await expect(cells.nth(0)).toHaveText(COMPANY);
    await expect(cells.nth(1)).toHaveText(VENDOR);
    await expect(cells.nth(2)).toHaveText('3');
    // revenue 3 × 0.02, cost 3 × 0.004, no lookups (the product does not look numbers up), margin the difference
    await expect(cells.nth(3)).toContainText('0.06');
    await expect(cells.nth(4)).toContainText('0.012');
    await expect(cells.nth(5)).toHaveText('0.00');
    await expect(cells.nth(6)).toContainText('0.048');
    await signOut(page);
  });
});
