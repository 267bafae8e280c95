import { lazy, Suspense, type ComponentType } from 'react';
import type { Dayjs } from 'dayjs';
import type { DatePickerProps, GetProps } from 'antd';
import type { DatePicker as AntDatePicker } from 'antd';

// antd's DatePicker (its picker panels and dayjs glue, ~35 KB gzip) is used by three screens (report
// controls, the reseller's month, the audit log's range) and by no landing: it loads when one of
// them first renders instead of with the data kit on every first visit to an area.
// webpack sees that only DatePicker is read, so the chunk holds DatePicker alone, not antd
// a single date (not antd's multiple-date mode): the one kind the screens use
const Single = lazy(() => import('antd').then((m) => ({ default: m.DatePicker as ComponentType<SingleProps> })));
const Range = lazy(() => import('antd').then((m) => ({ default: m.DatePicker.RangePicker })));

/** Holds the picker's place (its height, a range's width) for the moment its chunk takes. */
function Placeholder({ range }: { range?: boolean }) {
  return <span style={{ display: 'inline-block', width: range ? 260 : 140, height: 32 }} aria-hidden />;
}

type SingleProps = DatePickerProps<Dayjs, false>;
type RangeProps = GetProps<typeof AntDatePicker.RangePicker>;

function DatePickerOnDemand(props: SingleProps) {
  return (
    <Suspense fallback={<Placeholder />}>
      <Single {...props} />
    </Suspense>
  );
}

function RangePickerOnDemand(props: RangeProps) {
  return (
    <Suspense fallback={<Placeholder range />}>
      <Range {...props} />
    </Suspense>
  );
}

/** antd's DatePicker and its RangePicker, fetched on first use. */
export const DatePicker = Object.assign(DatePickerOnDemand, { RangePicker: RangePickerOnDemand });
