import { Secret, TOTP } from 'otpauth';
import { test, expect } from './fixtures';
import { PASSWORD, signIn } from './support';
import { axeViolations, expectToast } from './users-support';

const API = '/api_smsc/v1';

/** What an authenticator app shows for the key the profile displayed, `stepsAhead` steps from now. */
const codeFor = (manualKey: string, stepsAhead = 0) =>
  new TOTP({
    secret: Secret.fromBase32(manualKey.replace(/\s+/g, '')),
    digits: 6,
    period: 30,
    algorithm: 'SHA1',
  }).generate({ timestamp: Date.now() + stepsAhead * 30_000 });

test.describe('two-factor sign-in', () => {
  test('a company user turns it on from the profile, signs out, and signs in with a code', async ({ page }) => {
    // a user of its own, so no other journey on this server meets a second step
    const email = `totp-${Date.now()}@example.com`;
    const admin = await (
      await page.request.post(`${API}/auth`, { data: { email: 'acme-admin@example.com', password: PASSWORD } })
    ).json();
    const made = await page.request.post(`${API}/user`, {
      headers: { authorization: `Bearer ${admin.token}` },
      data: { email, password: PASSWORD, full_name: 'Totp Journey' },
    });
    expect(made.status()).toBe(201);

    await page.goto('/login');
    await signIn(page, email);
    await expect(page.getByTestId('page-title')).toBeVisible();
    await page.goto('/company-user/profile');
    const section = page.getByTestId('two-factor-section');
    await expect(section.getByTestId('two-factor-state')).toContainText('Off');
    await section.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
    await expect(section.getByRole('img', { name: /QR code/ })).toBeVisible();
    const key = (await section.getByTestId('totp-manual-key').textContent()) ?? '';
    expect(key.replace(/\s+/g, '')).toMatch(/^[A-Z2-7]{32}$/);
    expect(await axeViolations(page)).toEqual([]);
    await section.getByLabel('Code from the app').fill(codeFor(key));
    await section.getByRole('button', { name: 'Turn on' }).click();
    await expectToast(page, 'Two-factor sign-in is on');
    await expect(section.getByTestId('recovery-codes').locator('li')).toHaveCount(10);
    await section.getByRole('button', { name: 'I saved them' }).click();
    await expect(section.getByTestId('two-factor-state')).toContainText('10 of 10 recovery codes left');
    await expect(section.getByTestId('totp-manual-key')).toHaveCount(0);

    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await signIn(page, email);
    // the password alone gives no session: the second step asks for the code
    const code = page.getByLabel('Authentication code');
    await expect(code).toBeFocused();
    expect(await page.evaluate(() => localStorage.getItem('user-token'))).toBeNull();
    expect(await axeViolations(page)).toEqual([]);
    await code.fill('000000' === codeFor(key, 1) ? '111111' : '000000');
    await page.keyboard.press('Enter');
    // the form's own alert (the toast of turning it on may still be showing beside it)
    await expect(page.getByRole('region', { name: 'Two-factor sign-in' }).getByRole('alert')).toContainText(
      'The code is wrong',
    );
    // the enrolment used this step's code: the next step's is new (and within the accepted drift)
    await code.fill(codeFor(key, 1));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/company-user/);
    await expect(page.getByTestId('page-title')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('user-token'))).toBeTruthy();
  });
});
