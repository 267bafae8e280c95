// Alphanumeric sender IDs, country by country: whether traffic needs a registration, who reviews it, what
// documents and fields it asks for, how long it takes and when it must be renewed. Data, not code: a new
// country is a row. Figures are typical published lead times, kept as the simulator's and the form's guide.
import type { SenderIdCountry } from '@smsc/shared-contract';

export const SENDER_ID_COUNTRIES: SenderIdCountry[] = [
  {
    iso2: 'IN',
    name: 'India',
    required: true,
    reviewer: 'registry',
    documents: ['DLT principal entity certificate', 'Letter of authorization'],
    fields: [
      { key: 'entity_id', label: 'DLT principal entity ID' },
      { key: 'header_type', label: 'Header type (transactional, promotional, service)' },
    ],
    lead_time_days: 7,
    renewal_months: 12,
  },
  {
    iso2: 'AE',
    name: 'United Arab Emirates',
    required: true,
    reviewer: 'registry',
    documents: ['Trade license', 'Letter of authorization'],
    fields: [{ key: 'trade_license_no', label: 'Trade license number' }],
    lead_time_days: 10,
    renewal_months: 12,
  },
  {
    iso2: 'SA',
    name: 'Saudi Arabia',
    required: true,
    reviewer: 'registry',
    documents: ['Commercial registration', 'Letter of authorization'],
    fields: [{ key: 'cr_number', label: 'Commercial registration number' }],
    lead_time_days: 14,
    renewal_months: 12,
  },
  {
    iso2: 'SG',
    name: 'Singapore',
    required: true,
    reviewer: 'platform',
    documents: ['ACRA business profile'],
    fields: [{ key: 'uen', label: 'Unique entity number (UEN)' }],
    lead_time_days: 5,
    renewal_months: 12,
  },
  {
    iso2: 'TR',
    name: 'Turkey',
    required: true,
    reviewer: 'platform',
    documents: ['Tax certificate'],
    fields: [{ key: 'tax_office', label: 'Tax office' }],
    lead_time_days: 5,
    renewal_months: null,
  },
  {
    iso2: 'GB',
    name: 'United Kingdom',
    required: false,
    reviewer: 'platform',
    documents: [],
    fields: [],
    lead_time_days: 2,
    renewal_months: null,
  },
  {
    iso2: 'DE',
    name: 'Germany',
    required: false,
    reviewer: 'platform',
    documents: [],
    fields: [],
    lead_time_days: 1,
    renewal_months: null,
  },
];

export const senderIdCountry = (iso2: string | null | undefined): SenderIdCountry | undefined =>
  iso2 ? SENDER_ID_COUNTRIES.find((c) => c.iso2 === iso2) : undefined;
