import { fieldInput, Form, type FormFieldDef } from '@smsc/shared-ui';
import { expectPickerRecovers, renderWithProviders, stubFlakyLists } from '@smsc/shared-testing';
import { companyDefinition } from './company.resource';

// the first render loads antd; at load it takes seconds
jest.setTimeout(60_000);

describe('company form pickers: a list that fails to load says so and can be asked again', () => {
  let lists: ReturnType<typeof stubFlakyLists>;
  beforeAll(() => {
    lists = stubFlakyLists({
      '/reseller/list': [{ reseller_uuid: 'r1', reseller_name: 'Demo Reseller' }],
      '/payment_term/list': [{ payment_term_uuid: 'p1', name: 'Net 30', days: 30, is_active: false }],
    });
  });
  afterAll(() => lists.restore());
  beforeEach(() => lists.fail());

  it.each([
    ['reseller_uuid', 'Demo Reseller'],
    ['payment_term_uuid', 'Net 30 (inactive)'],
  ])('the %s picker, drawn as the resource form draws it', async (name, shows) => {
    const field = companyDefinition.formFields.find((f) => f.name === name) as FormFieldDef;
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
