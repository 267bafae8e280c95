import { fireEvent, screen } from '@testing-library/react';
import { lookupSelectProps, Select, type FormFieldDef } from '@smsc/shared-ui';
import { renderWithProviders, stubApi } from '@smsc/shared-testing';
import { productDefinition } from './product.resource';

// the first render loads antd; at load it takes seconds
jest.setTimeout(60_000);

const page = <T,>(items: T[]) => ({ items, total: items.length, page: 0, per_page: items.length });

/** A select field over its lookup, as the resource form draws one. */
function Picker({ field }: { field: FormFieldDef }) {
  const useOptions = field.useOptions ?? (() => ({ options: [] }));
  return <Select aria-label={field.label} {...lookupSelectProps(useOptions())} />;
}

const fieldOf = (name: string) => {
  const field = productDefinition.formFields.find((f) => f.name === name);
  if (!field) throw new Error(`no field ${name}`);
  return field;
};

describe('product form pickers: a list that fails to load says so and can be asked again', () => {
  let failing: boolean;
  let api: ReturnType<typeof stubApi>;
  beforeAll(() => {
    api = stubApi(({ path }) => {
      if (failing) return { status: 503, body: { error: { message: 'down for a moment' } } };
      if (path === '/rate_table/list')
        return { body: page([{ rate_table_uuid: 't1', rate_table_name: 'Retail', rate_table_type: 'prefix' }]) };
      if (path === '/routing/list') return { body: page([{ routing_uuid: 'g1', routing_name: 'Least cost' }]) };
      return undefined;
    });
  });
  afterAll(() => api.restore());
  beforeEach(() => {
    failing = true;
  });

  it.each([
    ['rate_table_uuid', 'Rate table', 'Retail (prefix)'],
    ['routing_uuid', 'Routing', 'Least cost'],
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
