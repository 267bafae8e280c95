import { fireEvent, screen } from '@testing-library/react';
import { lookupSelectProps, Select, type FormFieldDef } from '@smsc/shared-ui';
import { renderWithProviders, stubApi } from '@smsc/shared-testing';
import { companyDefinition } from './company.resource';

// the first render loads antd; at load it takes seconds
jest.setTimeout(60_000);

const page = <T,>(items: T[]) => ({ items, total: items.length, page: 0, per_page: items.length });

/** A select field over its lookup, as the resource form draws one. */
function Picker({ field }: { field: FormFieldDef }) {
  const useOptions = field.useOptions ?? (() => ({ options: [] }));
  return <Select aria-label={field.label} {...lookupSelectProps(useOptions())} />;
}

const fieldOf = (name: string) => {
  const field = companyDefinition.formFields.find((f) => f.name === name);
  if (!field) throw new Error(`no field ${name}`);
  return field;
};

describe('company form pickers: a list that fails to load says so and can be asked again', () => {
  let failing: boolean;
  let api: ReturnType<typeof stubApi>;
  beforeAll(() => {
    api = stubApi(({ path }) => {
      if (failing) return { status: 503, body: { error: { message: 'down for a moment' } } };
      if (path === '/reseller/list') return { body: page([{ reseller_uuid: 'r1', reseller_name: 'Demo Reseller' }]) };
      if (path === '/payment_term/list')
        return { body: page([{ payment_term_uuid: 'p1', name: 'Net 30', days: 30, is_active: false }]) };
      return undefined;
    });
  });
  afterAll(() => api.restore());
  beforeEach(() => {
    failing = true;
  });

  it.each([
    ['reseller_uuid', 'Reseller', 'Demo Reseller'],
    ['payment_term_uuid', 'Payment term', 'Net 30 (inactive)'],
  ])('the %s picker', async (name, label, shows) => {
    renderWithProviders(<Picker field={fieldOf(name)} />);
    fireEvent.mouseDown(screen.getByLabelText(label));
    expect(await screen.findByText('The choices could not be loaded.')).toBeTruthy();
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(shows, { selector: '.ant-select-item-option-content' })).toBeTruthy();
    expect(screen.queryByText('The choices could not be loaded.')).toBeNull();
  });
});
