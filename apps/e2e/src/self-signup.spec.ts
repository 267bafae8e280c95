import { test, expect } from './fixtures';
import type { Page } from '@playwright/test';
import { expectTitle, expectToast, signInAs, tableRows } from './accounts-support';
import { linkFromMail } from './mailbox';
import { signIn } from './support';
import { buyNumber } from './journey-steps-company';
import { menuTo, signOut } from './journey-steps';

// Issue 45 item 1: a company that signs up by itself can send. The system admin gives sign-ups a plan; the new
// company's home lists what is left (verify, top up, a number, a first message, an API key) and each step's link
// leads to where it is done; before the plan, the steps that cost money say why they cannot be done yet.
const PASSWORD = 'Lantern-Harbour-58';

async function pickSignupPlan(page: Page, product: string) {
  await menuTo(page, 'Products', 'Sign-up plan');
  await expectTitle(page, 'Sign-up plan');
  await page.getByTestId('signup-plan').getByLabel('Product').click();
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
    .filter({ hasText: product })
    .first()
    .click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Sign-up plan saved');
}

async function register(page: Page, name: string, company: string, email: string) {
  if (!/\/login$/.test(page.url())) await page.goto('/login');
  await page.getByRole('link', { name: 'Create an account' }).click();
  await page.getByLabel('Full name').fill(name);
  await page.getByLabel('Company name').fill(company);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Almost there')).toBeVisible();
  await page.goto(await linkFromMail(email, '/api_smsc/v1/registration/confirm/'));
  await expect(page.getByText('Your account is active')).toBeVisible();
  await page.goto('/login');
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/company-admin(\/daily-usage)?$/);
}

const step = (page: Page, id: string) => page.getByTestId('getting-started').getByTestId(`step-${id}`);

/** Back to the home (Dashboard → Daily usage), where the checklist is. */
async function home(page: Page) {
  await menuTo(page, 'Dashboard', 'Daily usage');
  await expect(page.getByTestId('getting-started')).toBeVisible();
}

test.describe.serial('self sign-up (issue 45)', () => {
  const stamp = Date.now().toString(36);

  test('without a sign-up plan, a new company is told what it cannot do yet and nothing asks for its money', async ({
    page,
  }) => {
    await signInAs(page, 'admin@example.com', '/system-admin');
    await pickSignupPlan(page, 'No plan');
    await signOut(page);

    await register(page, 'Paula Planless', `Planless ${stamp}`, `planless-${stamp}@example.com`);
    await expect(step(page, 'verify_email')).toHaveAttribute('data-state', 'done');
    for (const id of ['top_up', 'sender', 'first_message']) {
      await expect(step(page, id)).toHaveAttribute('data-state', 'blocked');
      // a sentence, never the reason code
      await expect(step(page, id)).not.toContainText('no_plan');
      await expect(step(page, id).getByRole('link')).toHaveCount(0);
    }
    await expect(step(page, 'api_key')).toHaveAttribute('data-state', 'todo');
  });

  test('with the plan the admin chose, a new company tops up, buys a number and sends, step by step from its home', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await signInAs(page, 'admin@example.com', '/system-admin');
    await pickSignupPlan(page, 'Standard');
    await signOut(page);

    const email = `self-${stamp}@example.com`;
    await register(page, 'Sam Self', `Selfco ${stamp}`, email);
    const card = page.getByTestId('getting-started');
    await expect(card).toContainText('4 steps left');
    await expect(step(page, 'verify_email')).toHaveAttribute('data-state', 'done');

    // 1. top up, from the checklist's link, through the built-in test checkout
    await step(page, 'top_up').getByRole('link', { name: 'Top up' }).click();
    await expectTitle(page, 'Payment gateway');
    await page.getByLabel('Amount (USD)').fill('10');
    await page.getByRole('button', { name: 'Continue to checkout' }).click();
    await page.getByRole('button', { name: 'Pay USD 10.00' }).click();
    await expectTitle(page, 'Payment successful');
    await expect(page.getByTestId('balance')).toHaveText('USD 10.00');
    await home(page);
    await expect(step(page, 'top_up')).toHaveAttribute('data-state', 'done');

    // 2. a number to send from
    await expect(step(page, 'sender').getByRole('link', { name: 'Buy a number' })).toBeVisible();
    const { number } = await buyNumber(page);
    await home(page);
    await expect(step(page, 'sender')).toHaveAttribute('data-state', 'done');

    // 3. the first message, from that number, priced by the plan and delivered
    await step(page, 'first_message').getByRole('link', { name: 'Send a message' }).click();
    await expectTitle(page, 'SMS center');
    await page.getByRole('combobox', { name: 'From' }).click();
    const digits = number.replace(/\D/g, '');
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
      .filter({ hasText: new RegExp(digits.slice(-4)) })
      .first()
      .click();
    const to = `+1415555${String(Date.now() % 10_000).padStart(4, '0')}`;
    await page.getByLabel('To', { exact: true }).fill(to);
    const text = `Hello from a company that signed itself up ${stamp}`;
    await page.getByLabel('Text', { exact: true }).fill(text);
    // the plan's price for the US (Standard retail: 0.009), quoted before Send
    await expect(page.getByTestId('sms-price')).toHaveText('Price USD 0.009');
    await page.getByRole('button', { name: 'Send' }).click();
    await expectToast(page, `Message to ${to}`);
    await expect(page.getByTestId('sent-status')).toHaveText('delivered', { timeout: 20_000 });

    // the outgoing log shows it priced
    await menuTo(page, 'SMS log', 'Outgoing SMS');
    const row = tableRows(page).filter({ hasText: text });
    await expect(row).toContainText('delivered');
    await expect(row).toContainText('USD 0.009');

    // 4. the home now asks only for the API key; creating one ends the checklist
    await home(page);
    await expect(step(page, 'first_message')).toHaveAttribute('data-state', 'done');
    await expect(page.getByTestId('getting-started')).toContainText('One step left');
    await step(page, 'api_key').getByRole('link', { name: 'Create a key' }).click();
    await expectTitle(page, 'API keys');
    await page.getByRole('button', { name: 'Create API key' }).click();
    const ask = page.getByRole('dialog', { name: 'Create API key' });
    await ask.getByLabel('Name').fill('My first program');
    await ask.getByRole('button', { name: 'Create' }).click();
    await expectToast(page, 'API key "My first program" created');
    await page
      .getByRole('dialog', { name: 'API key "My first program"' })
      .getByRole('button', { name: 'Done' })
      .click();
    await menuTo(page, 'Dashboard', 'Daily usage');
    await expectTitle(page, 'Daily usage');
    await expect(page.getByTestId('getting-started')).toHaveCount(0);

    // the admin puts sign-ups back as the demo had them (the other journeys register too)
    await signOut(page);
    await signInAs(page, 'admin@example.com', '/system-admin');
    await pickSignupPlan(page, 'No plan');
  });
});
