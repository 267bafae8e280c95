// Narrower rollups (migration 081). The full rollup keys every message by seven dimensions; most
// reports need two or three of them, and the full key multiplies rows by numbers × networks × vendor
// products (269,000 hourly rows for 1M messages in the benchmark, against 27,000 by company and user).
// Each projection keeps a subset of the dimensions, folded from the same deltas at the same moment,
// and a read picks the smallest projection holding every dimension its scope, filters and groups use.
import type { ReportGroup } from '@smsc/shared-contract';

export const DIMS = ['company_uuid', 'reseller_uuid', 'user_uuid', 'number', 'vendor_product_uuid', 'network'] as const;
export type Dim = (typeof DIMS)[number];

export interface Projection {
  name: string;
  dims: readonly Dim[];
  hourly: string;
  daily: string;
  /** whole UTC weeks (Monday to Monday), for a projection with many rows a day (migration 651) */
  weekly?: string;
}

const OWNER: Dim[] = ['company_uuid', 'reseller_uuid', 'user_uuid'];
const table = (name: string, dims: Dim[]): Projection => ({
  name,
  dims,
  hourly: `report_hourly_${name}`,
  daily: `report_daily_${name}`,
});

/**
 * Smallest first; the full rollup (every dimension) answers whatever the others cannot. `reseller` (migration 650)
 * answers the system admin's and a reseller's reports over all their companies: its rows grow with resellers, where
 * `owner`'s grow with companies × users (42,000 daily rows for 30 days of 1,000 companies in bench:history).
 */
export const PROJECTIONS: readonly Projection[] = [
  table('reseller', ['reseller_uuid']),
  { ...table('owner', OWNER), weekly: 'report_weekly_owner' },
  table('number', [...OWNER, 'number']),
  table('vendor', [...OWNER, 'vendor_product_uuid']),
  { name: 'full', dims: DIMS, hourly: 'report_hourly', daily: 'report_daily' },
];

/** The projections the fold keeps (the full rollup is 080's). */
export const NARROW_PROJECTIONS = PROJECTIONS.filter((p) => p.name !== 'full');

/** The projections migration 081 created: a projection added later has a migration of its own. */
export const PROJECTIONS_081 = PROJECTIONS.filter((p) => ['owner', 'number', 'vendor'].includes(p.name));

const GROUP_DIM: Record<ReportGroup, Dim | null> = {
  company: 'company_uuid',
  reseller: 'reseller_uuid',
  user: 'user_uuid',
  vendor: 'vendor_product_uuid',
  vendor_product: 'vendor_product_uuid',
  network: 'network',
  number: 'number',
  status: null,
};

export interface DimNeeds {
  scope: { all: true } | { reseller_uuid: string } | { company_uuid: string; user_uuid?: string };
  filters: {
    company_uuid?: string;
    reseller_uuid?: string;
    vendor_uuid?: string;
    company_name?: string;
    number?: string;
  };
  groups: ReportGroup[];
}

/** Every dimension a report reads: its scope's columns, its filters' and its groups' (status is in every projection). */
export function neededDims(a: DimNeeds): Set<Dim> {
  const out = new Set<Dim>();
  if ('reseller_uuid' in a.scope) out.add('reseller_uuid');
  if ('company_uuid' in a.scope) out.add('company_uuid');
  if ('user_uuid' in a.scope && a.scope.user_uuid) out.add('user_uuid');
  const f = a.filters;
  if (f.company_uuid || f.company_name) out.add('company_uuid');
  if (f.reseller_uuid) out.add('reseller_uuid');
  if (f.vendor_uuid) out.add('vendor_product_uuid');
  if (f.number) out.add('number');
  for (const g of a.groups) {
    const d = GROUP_DIM[g];
    if (d) out.add(d);
  }
  return out;
}

/** The smallest projection that holds every needed dimension. */
export function pickProjection(needed: Set<Dim>): Projection {
  return PROJECTIONS.find((p) => [...needed].every((d) => p.dims.includes(d))) ?? PROJECTIONS[PROJECTIONS.length - 1];
}
