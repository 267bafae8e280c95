import { screen, waitFor, within } from '@testing-library/react';
import type { Checklist } from '@smsc/shared-contract';
import { renderWithProviders, stubApi } from '@smsc/shared-testing';
import { GettingStarted } from './getting-started';
import { checklistApi } from './checklist.api';

const NEW_COMPANY: Checklist = {
  complete: false,
  has_plan: false,
  steps: [
    { id: 'verify_email', state: 'done', reason: null },
    { id: 'top_up', state: 'blocked', reason: 'no_plan' },
    { id: 'sender', state: 'blocked', reason: 'no_plan' },
    { id: 'first_message', state: 'blocked', reason: 'no_plan' },
    { id: 'api_key', state: 'todo', reason: null },
  ],
};

// a role's addresses, as its route table gives them
const LINKS = { top_up: '/area/pay', sender: '/area/numbers/buy', first_message: '/area/send', api_key: '/area/keys' };

describe('GettingStarted: the checklist on a new company’s home', () => {
  let answer: Checklist = NEW_COMPANY;
  let api: ReturnType<typeof stubApi>;
  beforeAll(() => {
    api = stubApi((c) => (c.path === '/home/checklist' ? { body: answer } : undefined));
  });
  afterAll(() => api.restore());

  it('shows each step in the state the server computed, why a step waits in words, and where to do the next', async () => {
    answer = NEW_COMPANY;
    renderWithProviders(<GettingStarted links={LINKS} />);
    const card = await screen.findByTestId('getting-started');
    expect(within(card).getByText('4 steps left', { exact: false })).toBeTruthy();
    expect(screen.getByTestId('step-verify_email').getAttribute('data-state')).toBe('done');
    const topUp = screen.getByTestId('step-top_up');
    expect(topUp.getAttribute('data-state')).toBe('blocked');
    // the reason in a sentence, never its code
    expect(within(topUp).getByText(/has no plan yet/)).toBeTruthy();
    expect(card.textContent).not.toMatch(/no_plan|[a-z]+_[a-z_]+:/);
    // a blocked step offers no link to pay; the step to do links to its screen
    expect(within(topUp).queryByRole('link')).toBeNull();
    const key = within(screen.getByTestId('step-api_key')).getByRole('link', { name: 'Create a key' });
    expect(key.getAttribute('href')).toBe('/area/keys');
  });

  it('is gone once every step is done', async () => {
    answer = {
      complete: true,
      has_plan: true,
      steps: NEW_COMPANY.steps.map((s) => ({ ...s, state: 'done', reason: null })),
    };
    const { store } = renderWithProviders(<GettingStarted links={LINKS} />);
    // the answer arrived, and nothing is drawn for a company that has done it all
    await waitFor(() =>
      expect(checklistApi.endpoints.getChecklist.select()(store.getState() as never).data?.complete).toBe(true),
    );
    expect(screen.queryByTestId('getting-started')).toBeNull();
  });
});
