import { act, screen } from '@testing-library/react';
import { showToast } from '@smsc/shared-api';
import { renderWithProviders } from '@smsc/shared-testing';
import { useAppDispatch, useAppSelector } from '@smsc/shared-session';
import { ToastHost } from './toast-host';
import { NotFound } from './not-found';
import { ErrorBoundary } from './error-boundary';

function Toasts() {
  const toast = useAppSelector((s) => s.toast.current);
  const dispatch = useAppDispatch();
  return <ToastHost toast={toast} dispatch={dispatch} />;
}

describe('ToastHost', () => {
  it('shows the current toast and replaces it with the next', async () => {
    const { store } = renderWithProviders(<Toasts />);
    act(() => void store.dispatch(showToast('success', 'Company saved')));
    expect(await screen.findByTestId('toast-success')).toHaveProperty('textContent', 'Company saved');
    act(() => void store.dispatch(showToast('error', 'Name is required')));
    expect(await screen.findByTestId('toast-error')).toHaveProperty('textContent', 'Name is required');
  });
});

describe('NotFound', () => {
  it('shows its message or No Data Found (antd Result, fetched on first use)', async () => {
    const { unmount } = renderWithProviders(<NotFound message="User not found" />);
    expect(await screen.findByText('User not found')).toBeTruthy();
    unmount();
    renderWithProviders(<NotFound />);
    expect(await screen.findByText('No Data Found')).toBeTruthy();
  });
});

describe('ErrorBoundary', () => {
  it('renders the fallback when a child throws and recovers on reset', () => {
    let fail = true;
    const Boom = () => {
      if (fail) throw new Error('kaput');
      return <p>fine</p>;
    };
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderWithProviders(
      <ErrorBoundary
        fallback={(e, reset) => (
          <button
            onClick={() => {
              fail = false;
              reset();
            }}
          >
            {e.message}
          </button>
        )}
      >
        <Boom />
      </ErrorBoundary>,
    );
    act(() => screen.getByRole('button', { name: 'kaput' }).click());
    expect(screen.getByText('fine')).toBeTruthy();
    spy.mockRestore();
  });
});
