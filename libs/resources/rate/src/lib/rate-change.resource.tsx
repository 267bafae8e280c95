import type { ChangeSetStatus, DeckKind, PriceNotice, RateChangeSet } from '@smsc/shared-contract';
import { Tag, type ResourceBundle, type ResourceDefinition } from '@smsc/shared-ui';
import { formatDateTime } from '@smsc/shared-util';
import {
  useLazyListChangeSetsQuery,
  useLazyListPriceNoticesQuery,
  useListChangeSetsQuery,
  useListPriceNoticesQuery,
} from './rate-change.api';

/** What the importer says a deck is: it decides what happens to the codes the file does not hold. */
export const DECK_KIND_WORDS: Record<DeckKind, string> = {
  az: 'A–Z (whole deck: codes missing from it close)',
  country: 'Per country (missing codes close in its countries)',
  partial: 'Partial (missing codes stay as they are)',
};
const KIND_SHORT: Record<DeckKind, string> = { az: 'A–Z', country: 'Per country', partial: 'Partial' };
export const STATUS_WORDS: Record<ChangeSetStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
};
const STATUS_COLORS: Record<ChangeSetStatus, string> = { pending: 'blue', approved: 'green', rejected: 'red' };
export const changeSetStatusTag = (v: unknown) => (
  <Tag color={STATUS_COLORS[v as ChangeSetStatus]}>{STATUS_WORDS[v as ChangeSetStatus] ?? String(v)}</Tag>
);
const when = (v: unknown) => (v ? formatDateTime(v as string) : '—');

/** One list of change sets: a rate table's (sell prices) and vendor decks' (costs) alike. */
export const changeSetDefinition: ResourceDefinition<RateChangeSet> = {
  name: 'rate-changes',
  title: 'Rate changes',
  singular: 'Rate change',
  idField: 'change_set_uuid',
  defaultSort: { order_by: 'created_on', order_dir: 'desc' },
  columns: [
    { key: 'owner_name', title: 'Deck', search: 'text', sortable: true, width: 220 },
    {
      key: 'vendor_product_uuid',
      title: 'Prices',
      width: 110,
      render: (v) => (v ? 'Cost' : 'Sell'),
    },
    { key: 'kind', title: 'Kind', width: 110, render: (v) => KIND_SHORT[v as DeckKind] ?? String(v) },
    {
      key: 'status',
      title: 'Status',
      width: 110,
      sortable: true,
      search: 'select',
      options: Object.entries(STATUS_WORDS).map(([value, label]) => ({ value, label })),
      render: changeSetStatusTag,
    },
    {
      key: 'added',
      title: 'Changes',
      width: 220,
      render: (_v, r) => `+${r.added} new, ${r.increased} up, ${r.decreased} down, ${r.closed} closed`,
    },
    { key: 'effective_from', title: 'Effective from', sortable: true, width: 180, dateTime: true, render: when },
    { key: 'increases_from', title: 'Increases from', width: 180, dateTime: true, render: when },
    { key: 'created_by_name', title: 'Imported by', width: 150, render: (v) => (v as string | null) ?? '—' },
    { key: 'created_on', title: 'Imported', sortable: true, width: 180, dateTime: true, render: when },
  ],
  formFields: [],
};

export const changeSetBundle: ResourceBundle<RateChangeSet> = {
  definition: changeSetDefinition,
  useList: useListChangeSetsQuery,
  useLazyList: useLazyListChangeSetsQuery,
};

/** Access key: the system admin and resellers see whose notice a row is. */
export const PRICE_NOTICE_ACCESS = { customer: 'price-notice.customer' } as const;

export const priceNoticeDefinition: ResourceDefinition<PriceNotice> = {
  name: 'price-notices',
  title: 'Price notices',
  singular: 'Price notice',
  idField: 'notice_uuid',
  defaultSort: { order_by: 'created_on', order_dir: 'desc' },
  columns: [
    { key: 'customer_name', title: 'Customer', width: 180, access: PRICE_NOTICE_ACCESS.customer },
    { key: 'owner_name', title: 'Rate table', width: 200 },
    { key: 'effective_from', title: 'Increases from', sortable: true, width: 180, dateTime: true, render: when },
    { key: 'increased', title: 'Increased', width: 100 },
    { key: 'decreased', title: 'Decreased', width: 100 },
    { key: 'added', title: 'New', width: 80 },
    { key: 'closed', title: 'Closed', width: 80 },
    { key: 'notice_days', title: 'Notice (days)', width: 120 },
    { key: 'created_on', title: 'Sent', sortable: true, width: 180, dateTime: true, render: when },
  ],
  formFields: [],
};

export const priceNoticeBundle: ResourceBundle<PriceNotice> = {
  definition: priceNoticeDefinition,
  useList: useListPriceNoticesQuery,
  useLazyList: useLazyListPriceNoticesQuery,
};
