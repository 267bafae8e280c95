import { fieldInput, Form, type FormFieldDef } from '@smsc/shared-ui';
import { expectPickerRecovers, renderWithProviders, stubFlakyLists } from '@smsc/shared-testing';
import { campaignDefinition } from './campaign.resource';

// the first render loads antd; at load it takes seconds
jest.setTimeout(60_000);

describe('campaign form pickers: a list that fails to load says so and can be asked again', () => {
  let lists: ReturnType<typeof stubFlakyLists>;
  beforeAll(() => {
    lists = stubFlakyLists({
      '/sms_template/list': [{ id: 's1', template_name: 'Welcome' }],
      '/ani_group/list': [{ ani_group_uuid: 'a1', name: 'Local', number_count: 3 }],
    });
  });
  afterAll(() => lists.restore());
  beforeEach(() => lists.fail());

  it.each([
    ['sms_template_uuid', 'Welcome'],
    ['ani_group_uuid', 'Local (3)'],
  ])('the %s picker, drawn as the resource form draws it', async (name, shows) => {
    const field = campaignDefinition.formFields.find((f) => f.name === name) as FormFieldDef;
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
