import { fireEvent, screen } from '@testing-library/react';
import { lookupSelectProps, Select, type FormFieldDef } from '@smsc/shared-ui';
import { renderWithProviders, stubApi } from '@smsc/shared-testing';
import { campaignDefinition } from './campaign.resource';

// the first render loads antd; at load it takes seconds
jest.setTimeout(60_000);

const page = <T,>(items: T[]) => ({ items, total: items.length, page: 0, per_page: items.length });

/** A select field over its lookup, as the resource form draws one. */
function Picker({ field }: { field: FormFieldDef }) {
  const useOptions = field.useOptions ?? (() => ({ options: [] }));
  return <Select aria-label={field.label} {...lookupSelectProps(useOptions())} />;
}

const fieldOf = (name: string) => {
  const field = campaignDefinition.formFields.find((f) => f.name === name);
  if (!field) throw new Error(`no field ${name}`);
  return field;
};

describe('campaign form pickers: a list that fails to load says so and can be asked again', () => {
  let failing: boolean;
  let api: ReturnType<typeof stubApi>;
  beforeAll(() => {
    api = stubApi(({ path }) => {
      if (failing) return { status: 503, body: { error: { message: 'down for a moment' } } };
      if (path === '/sms_template/list') return { body: page([{ id: 's1', template_name: 'Welcome' }]) };
      if (path === '/ani_group/list') return { body: page([{ ani_group_uuid: 'a1', name: 'Local', number_count: 3 }]) };
      return undefined;
    });
  });
  afterAll(() => api.restore());
  beforeEach(() => {
    failing = true;
  });

  it.each([
    ['sms_template_uuid', 'Approved template (sent instead of the text)', 'Welcome'],
    ['ani_group_uuid', 'Sender ANI group (its numbers take turns)', 'Local (3)'],
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
