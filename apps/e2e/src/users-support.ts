import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { PASSWORD, seedSession } from './support';

// the title and axe checks are the accounts specs' own; one definition for both sets of specs
export { axeViolations, expectTitle } from './accounts-support';
import { confirmDelete } from './accounts-support';

const API = '/api_smsc/v1';

/** Opens `path` signed in as `email` (the session seeded through the API: see seedSession). */
export async function openAs(page: Page, email: string, path: string) {
  await seedSession(page, email);
  await page.goto(path);
  await expect(page.getByTestId('page-title')).toBeVisible();
}

/** The not-found screen, said once: no error toast repeats it. */
export async function expectNotFound(page: Page, message: string) {
  await expect(page.locator('.ant-result-404')).toContainText(message);
  await expect(page.getByTestId('toast-error')).toHaveCount(0);
}

export const rows = (page: Page) => page.locator('tbody tr.ant-table-row');

// the row-selection checkbox cell (lists whose role may delete) is not a data column
const DATA_CELL = 'td:not(.ant-table-selection-column)';

/** One data cell of a row (1-based, as the data columns count). */
export function cellOf(row: Locator, column: number): Locator {
  return row.locator(DATA_CELL).nth(column - 1);
}

/** The visible texts of one data column (1-based, as the data columns count). */
export async function columnTexts(page: Page, column: number): Promise<string[]> {
  await expect(rows(page).first()).toBeVisible();
  return rows(page).evaluateAll(
    (trs, [selector, index]) =>
      trs.map(
        (tr) => (tr.querySelectorAll(selector as string)[index as number] as HTMLElement | undefined)?.innerText ?? '',
      ),
    [DATA_CELL, column - 1] as const,
  );
}

/** Fills the list's search form and submits it. */
export async function search(page: Page, fields: Record<string, string>) {
  const form = page.getByRole('search');
  for (const [label, value] of Object.entries(fields)) await form.getByLabel(label, { exact: true }).fill(value);
  await form.getByRole('button', { name: 'Search' }).click();
}

/** Picks an option of an antd Select by its label. */
export async function choose(page: Page, select: Locator, option: string) {
  const open = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  await select.click();
  // the role=option nodes are antd's screen-reader copies; the visible items carry a title.
  // A click that lands while the list is still sliding in can miss (CI saw the list stay open):
  // click again until the list has closed on the choice.
  await expect(async () => {
    if (await open.count()) await open.getByTitle(option, { exact: true }).click({ timeout: 2_000 });
    // closed again (axe runs on the settled page, not on the closing list)
    await expect(open).toHaveCount(0, { timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await expect(select).toHaveAttribute('aria-expanded', 'false');
}

export async function expectToast(page: Page, text: string, kind: 'success' | 'error' = 'success') {
  // the previous toast may still be fading out beside the new one
  await expect(page.getByTestId(`toast-${kind}`).filter({ hasText: new RegExp(`^${text}$`) })).toBeVisible();
}

/** Deletes the only row of the list through its confirmation. */
export async function deleteRow(page: Page, row: Locator) {
  await row.getByRole('button', { name: /^Delete / }).click();
  await confirmDelete(page);
}

/** A bearer header for direct API look-ups (ids the tests type into addresses). */
export async function apiAs(request: APIRequestContext, email: string) {
  const res = await request.post(`${API}/auth`, { data: { email, password: PASSWORD } });
  expect(res.status()).toBe(200);
  const headers = { authorization: `Bearer ${(await res.json()).token}` };
  return {
    async get<T>(path: string): Promise<T> {
      const r = await request.get(`${API}${path}`, { headers });
      expect(r.status()).toBe(200);
      return r.json();
    },
    async post<T>(path: string, data: unknown): Promise<T> {
      const r = await request.post(`${API}${path}`, { headers, data });
      expect(r.status()).toBe(201);
      return r.json();
    },
  };
}

export interface UserRow {
  uuid: string;
  email: string;
  full_name: string;
  company_uuid: string | null;
}

export async function userByEmail(request: APIRequestContext, email: string): Promise<UserRow> {
  const admin = await apiAs(request, 'admin@example.com');
  const page = await admin.get<{ items: UserRow[] }>(`/user/list?user_name=${encodeURIComponent(email)}&per_page=100`);
  const user = page.items.find((u) => u.email === email);
  if (!user) throw new Error(`no user ${email}`);
  return user;
}
