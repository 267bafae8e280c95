import { fieldInput, Form, type FormFieldDef } from '@smsc/shared-ui';
import { expectPickerRecovers, renderWithProviders, stubFlakyLists } from '@smsc/shared-testing';
import { paymentDefinition } from './payment.resource';

// the first render loads antd; at load it takes seconds
jest.setTimeout(60_000);

describe('payment form pickers: a list that fails to load says so and can be asked again', () => {
  let lists: ReturnType<typeof stubFlakyLists>;
  beforeAll(() => {
    lists = stubFlakyLists({ '/reseller/list': [{ reseller_uuid: 'r1', reseller_name: 'Demo Reseller' }] });
  });
  afterAll(() => lists.restore());
  beforeEach(() => lists.fail());

  it.each([['reseller_uuid', 'Demo Reseller']])(
    'the %s picker, drawn as the resource form draws it',
    async (name, shows) => {
      const field = paymentDefinition.formFields.find((f) => f.name === name) as FormFieldDef;
      renderWithProviders(
        <Form>
          <Form.Item label={field.label} name={name}>
            {fieldInput(field)}
          </Form.Item>
        </Form>,
      );
      await expectPickerRecovers(field.label, shows, lists.answer);
    },
  );
});
