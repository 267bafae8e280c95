import { fieldInput, Form, type FormFieldDef } from '@smsc/shared-ui';
import { expectPickerRecovers, renderWithProviders, stubFlakyLists } from '@smsc/shared-testing';
import { productDefinition } from './product.resource';

// the first render loads antd; at load it takes seconds
jest.setTimeout(60_000);

describe('product form pickers: a list that fails to load says so and can be asked again', () => {
  let lists: ReturnType<typeof stubFlakyLists>;
  beforeAll(() => {
    lists = stubFlakyLists({
      '/rate_table/list': [{ rate_table_uuid: 't1', rate_table_name: 'Retail', rate_table_type: 'prefix' }],
      '/routing/list': [{ routing_uuid: 'g1', routing_name: 'Least cost' }],
    });
  });
  afterAll(() => lists.restore());
  beforeEach(() => lists.fail());

  it.each([
    ['rate_table_uuid', 'Retail (prefix)'],
    ['routing_uuid', 'Least cost'],
  ])('the %s picker, drawn as the resource form draws it', async (name, shows) => {
    const field = productDefinition.formFields.find((f) => f.name === name) as FormFieldDef;
    renderWithProviders(
      <Form>
        <Form.Item label={field.label} name={name}>
          {fieldInput(field)}
        </Form.Item>
      </Form>,
    );
    await expectPickerRecovers(field.label, shows, lists.answer);
  });
});
