import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '@smsc/shared-testing';
import { SearchForm } from './search-form';
import type { FilterValues } from './use-list-params';
import { companies } from './test-fixtures';

jest.setTimeout(30_000);

const field = (label: string) => within(screen.getByRole('search')).getByLabelText(label) as HTMLInputElement;

/** The form with `values` as the URL holds them; the test decides when the URL catches up. */
function renderForm(values: FilterValues) {
  const onSearch = jest.fn();
  const view = renderWithProviders(
    <SearchForm name="companies" columns={companies.columns} values={values} onSearch={onSearch} />,
  );
  const urlSays = (next: FilterValues) =>
    view.rerender(<SearchForm name="companies" columns={companies.columns} values={next} onSearch={onSearch} />);
  return { onSearch, urlSays };
}

describe('SearchForm', () => {
  it('shows what the URL says when it changes from outside (Back, a shared link)', () => {
    const { urlSays } = renderForm({ name: 'acme' });
    expect(field('Name').value).toBe('acme');
    urlSays({ name: 'initech', email: 'x' });
    expect(field('Name').value).toBe('initech');
    expect(field('Email').value).toBe('x');
  });

  it('keeps what was typed after Reset when the URL catches up late (a slow render)', () => {
    const { onSearch, urlSays } = renderForm({ name: 'acme' });
    fireEvent.click(within(screen.getByRole('search')).getByRole('button', { name: /Reset/ }));
    expect(onSearch).toHaveBeenLastCalledWith({});
    fireEvent.change(field('Name'), { target: { value: 'globex' } });
    urlSays({});
    expect(field('Name').value).toBe('globex');
  });

  it('keeps untrimmed typing after its own search; the URL holds the trimmed text', async () => {
    const { onSearch, urlSays } = renderForm({});
    fireEvent.change(field('Name'), { target: { value: ' acme ' } });
    fireEvent.submit(screen.getByRole('search'));
    await waitFor(() => expect(onSearch).toHaveBeenCalledWith(expect.objectContaining({ name: ' acme ' })));
    fireEvent.change(field('Name'), { target: { value: ' acme inc' } });
    urlSays({ name: 'acme' });
    expect(field('Name').value).toBe(' acme inc');
  });
});
