import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Form, Select } from 'antd';
import { useCompanyOptions, useVendorOptions } from '@smsc/shared-api';
import { renderWithProviders, stubApi } from '@smsc/shared-testing';
import { lookupSelectProps } from './lookup-select';
import { fieldInput } from './resource/form-fields';

// the first render loads antd; at load it takes seconds
jest.setTimeout(60_000);

const page = <T,>(items: T[]) => ({ items, total: items.length, page: 0, per_page: items.length });

/** A picker drawn by hand from a shared lookup, as the SMS, bulk and ANI-group screens draw theirs. */
function CompanyPicker() {
  return <Select aria-label="Company" {...lookupSelectProps(useCompanyOptions())} />;
}

describe('shared lookups in pickers: a list that fails to load says so and can be asked again', () => {
  let failing: boolean;
  let api: ReturnType<typeof stubApi>;
  beforeAll(() => {
    api = stubApi(({ path }) => {
      if (failing) return { status: 503, body: { code: 'error', detail: 'down for a moment' } };
      if (path === '/company/list') return { body: page([{ company_uuid: 'c1', company_name: 'Acme' }]) };
      if (path === '/vendor/list') return { body: page([{ vendor_uuid: 'v1', vendor_name: 'Carrier One' }]) };
      return undefined;
    });
  });
  afterAll(() => api.restore());
  beforeEach(() => {
    failing = true;
    api.calls.length = 0;
  });

  it('a company picker: the message instead of an empty list, then the companies once retried', async () => {
    renderWithProviders(<CompanyPicker />);
    fireEvent.mouseDown(screen.getByLabelText('Company'));
    expect(await screen.findByText('The choices could not be loaded.')).toBeTruthy();
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Acme', { selector: '.ant-select-item-option-content' })).toBeTruthy();
    expect(screen.queryByText('The choices could not be loaded.')).toBeNull();
    expect(api.calls.filter((c) => c.path === '/company/list')).toHaveLength(2);
  });

  it('a form field over the vendor lookup (every resource form picker) shows the same', async () => {
    const field = { name: 'vendor_uuid', label: 'Vendor', kind: 'select' as const, useOptions: useVendorOptions };
    renderWithProviders(
      <Form>
        <Form.Item name={field.name} label={field.label}>
          {fieldInput(field)}
        </Form.Item>
      </Form>,
    );
    fireEvent.mouseDown(screen.getByLabelText('Vendor'));
    expect(await screen.findByText('The choices could not be loaded.')).toBeTruthy();
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Carrier One', { selector: '.ant-select-item-option-content' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });
});
