import type { ComponentType } from 'react';
import type { Dayjs } from 'dayjs';
import type { DatePickerProps, GetProps } from 'antd';
import type { DatePicker as AntDatePicker } from 'antd';
import { onFirstUse } from './on-first-use';

// antd's DatePicker (its picker panels and dayjs glue, ~35 KB gzip) is used by three screens (report
// controls, the reseller's month, the audit log's range) and by no landing: it loads when one of
// them first renders instead of with the data kit on every first visit to an area.

/** Holds the picker's place (its height, a range's width) for the moment its chunk takes. */
function Placeholder({ range }: { range?: boolean }) {
  return <span style={{ display: 'inline-block', width: range ? 260 : 140, height: 32 }} aria-hidden />;
}

// a single date (not antd's multiple-date mode): the one kind the screens use
const Single = onFirstUse(
  () => import('antd').then((m) => m.DatePicker as ComponentType<DatePickerProps<Dayjs, false>>),
  <Placeholder />,
);
const Range = onFirstUse<GetProps<typeof AntDatePicker.RangePicker>>(
  () => import('antd').then((m) => m.DatePicker.RangePicker),
  <Placeholder range />,
);

/** antd's DatePicker and its RangePicker, fetched on first use. */
export const DatePicker = Object.assign(Single, { RangePicker: Range });
