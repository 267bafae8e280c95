import { expectPickerRecovers, renderWithProviders, stubFlakyLists } from '@smsc/shared-testing';
import { SmsCenter } from './sms-center';

// the first render loads antd; at load it takes seconds
jest.setTimeout(60_000);

describe('SmsCenter pickers: a list that fails to load says so and can be asked again', () => {
  let lists: ReturnType<typeof stubFlakyLists>;
  beforeAll(() => {
    lists = stubFlakyLists(
      {
        '/did/company/list': [{ did: '+12125552301', description: 'Front desk' }],
        '/recipient/list': [{ recipient_uuid: 'r1', recipient_name: 'Ann', number: '+14155550111' }],
        '/sms_template/list': [{ id: 't1', template_name: 'Welcome', status: 'approved' }],
      },
      // the quote box is not a picker: it answers (unstubbed) throughout
      ['/sms/quote'],
    );
  });
  afterAll(() => lists.restore());
  beforeEach(() => lists.fail());

  it.each([
    ['Template', 'Welcome'],
    ['Recipient', 'Ann (+14155550111)'],
    ['From', '+1 212 555 2301 · Front desk'],
  ])('the %s picker', async (label, shows) => {
    renderWithProviders(<SmsCenter />);
    await expectPickerRecovers(label, shows, lists.answer);
  });
});
