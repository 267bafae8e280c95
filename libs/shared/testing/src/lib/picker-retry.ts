import { fireEvent, screen } from '@testing-library/react';
import { stubApi } from './stub-api';

const page = (items: unknown[]) => ({ items, total: items.length, page: 0, per_page: items.length });

/**
 * The API for a picker's failed load: every call answers 503 until `answer()`, then each path of `lists`
 * answers its items as one page. Paths in `alwaysUp` answer (unstubbed: 500) throughout, for a screen
 * whose other calls must not fail with the lists. Call in beforeAll and `restore()` in afterAll.
 */
export function stubFlakyLists(lists: Record<string, unknown[]>, alwaysUp: string[] = []) {
  let failing = true;
  const api = stubApi(({ path }) => {
    if (failing && !alwaysUp.includes(path))
      return { status: 503, body: { code: 'error', detail: 'down for a moment' } };
    return path in lists ? { body: page(lists[path]) } : undefined;
  });
  return {
    fail: () => void (failing = true),
    answer: () => void (failing = false),
    restore: () => api.restore(),
  };
}

/**
 * With a picker labelled `label` on the screen and its list failing: opening it says the choices could not be
 * loaded; after `answer()`, Try again shows `shows` among the options and the message is gone.
 */
export async function expectPickerRecovers(label: string, shows: string, answer: () => void): Promise<void> {
  fireEvent.mouseDown(screen.getByLabelText(label));
  expect(await screen.findByText('The choices could not be loaded.')).toBeTruthy();
  answer();
  fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByText(shows, { selector: '.ant-select-item-option-content' })).toBeTruthy();
  expect(screen.queryByText('The choices could not be loaded.')).toBeNull();
}
