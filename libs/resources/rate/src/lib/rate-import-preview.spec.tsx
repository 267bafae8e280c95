import { fireEvent, screen, within } from '@testing-library/react';
import { renderWithProviders } from '@smsc/shared-testing';
import { ImportOptions, ImportPreview } from './rate-import-preview';

const row = (code: string, old_price: string | null, new_price: string | null) => ({
  code,
  mobile_network_uuid: null,
  country_name: 'France',
  old_price,
  new_price,
});

describe('rate re-import preview', () => {
  it('offers "Replace the deck" or "Update (add and change)" and an effective date', async () => {
    const onMode = jest.fn();
    renderWithProviders(<ImportOptions mode="update" onMode={onMode} day="2026-12-01" onDay={jest.fn()} />);
    expect(screen.getByRole('radio', { name: 'Update (add and change)' })).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Replace the deck' }));
    expect(onMode).toHaveBeenCalledWith('replace');
    // the date picker loads lazily
    const date = await screen.findByLabelText('Effective from', undefined, { timeout: 30_000 });
    expect((date as HTMLInputElement).value).toBe('2026-12-01');
    // a rate day is UTC's: prices change at its 00:00 UTC, for every customer at once
    expect(screen.getByText(/Effective from \(00:00 UTC\)/)).toBeTruthy();
  });

  it('shows the counts and first rows of new, changed and removed rates before applying', () => {
    const onAnswer = jest.fn();
    renderWithProviders(
      <ImportPreview
        mode="replace"
        day="2026-12-01"
        onAnswer={onAnswer}
        diff={{
          added: 1,
          changed: 1,
          removed: 1,
          unchanged: 4,
          samples: {
            added: [row('3399', null, '0.040000')],
            changed: [row('3302', '0.020000', '0.025000')],
            removed: [row('3303', '0.030000', null)],
          },
        }}
      />,
    );
    const preview = screen.getByRole('region', { name: 'Import preview' });
    expect(
      within(preview).getByText('Replace the deck from 2026-12-01: 1 new, 1 changed, 1 removed, 4 unchanged'),
    ).toBeTruthy();
    const removed = within(preview).getByText('Removed').closest('tr') as HTMLElement;
    expect(within(removed).getByText('3303')).toBeTruthy();
    expect(within(removed).getByText('0.030000')).toBeTruthy();
    const changed = within(preview).getByText('Changed').closest('tr') as HTMLElement;
    expect(within(changed).getByText('0.025000')).toBeTruthy();
    fireEvent.click(within(preview).getByRole('button', { name: 'Apply' }));
    expect(onAnswer).toHaveBeenCalledWith(true);
  });
});
