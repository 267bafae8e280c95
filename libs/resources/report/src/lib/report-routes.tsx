import { Navigate, type RouteObject } from 'react-router';
import { ReportView, type ReportPreset } from './report-view';
import { ResellerReport } from './reseller-report';
import type { Figure } from './report-figures';

// messages and every state they add up from (blocked is its own column), then money
const COUNTS: Figure[] = ['messages', 'delivered', 'undelivered', 'failed', 'pending', 'blocked', 'revenue'];
const MONEY: Figure[] = ['messages', 'revenue', 'cost', 'lookup_cost', 'margin'];
const USAGE: Figure[] = [
  'messages',
  'segments',
  'delivered',
  'undelivered',
  'failed',
  'pending',
  'blocked',
  'revenue',
  'cost',
  'lookup_cost',
  'margin',
];

interface ReportScreen {
  title: string;
  preset: ReportPreset;
}
const screen = (name: string, title: string, p: Omit<ReportPreset, 'name'>): [string, ReportScreen] => [
  name,
  { title, preset: { name, ...p } },
];

/** Spec §2 system admin reporting: revenue, cost and margin by client and vendor, numbers, destinations, usage. */
export const SYSTEM_ADMIN_REPORTS: [string, ReportScreen][] = [
  screen('number', 'Number Report', { groups: ['number'], figures: COUNTS, step: 'total', days: 7 }),
  screen('destination', 'Destination report', { groups: ['network'], figures: COUNTS, step: 'total', days: 7 }),
  screen('usage', 'Usage report', { groups: [], figures: USAGE, step: 'day', days: 30 }),
  screen('all-client-vendor', 'All clients and vendors', {
    groups: ['company', 'vendor'],
    figures: MONEY,
    step: 'total',
    days: 30,
  }),
  screen('specific-clients', 'Specific clients', {
    groups: ['company'],
    figures: MONEY,
    step: 'day',
    days: 30,
    pick: ['company'],
  }),
  screen('specific-vendors', 'Specific vendors', {
    groups: ['vendor'],
    figures: MONEY,
    step: 'day',
    days: 30,
    pick: ['vendor'],
  }),
  screen('specific-client-vendor', 'Specific client and vendor', {
    groups: ['company', 'vendor'],
    figures: MONEY,
    step: 'day',
    days: 30,
    pick: ['company', 'vendor'],
  }),
  screen('expand-into-users', 'Expand into users', {
    groups: ['company', 'user', 'vendor'],
    figures: MONEY,
    step: 'total',
    days: 30,
  }),
];

/** Spec §2 company admin reporting: number, destination, usage-report (its own company; no vendor cost). */
export const COMPANY_ADMIN_REPORTS: [string, ReportScreen][] = [
  screen('number', 'Number Report', { groups: ['number'], figures: COUNTS, step: 'total', days: 7 }),
  screen('destination', 'Destination report', { groups: ['network'], figures: COUNTS, step: 'total', days: 7 }),
  screen('usage-report', 'Usage report', {
    groups: ['user'],
    figures: ['messages', 'segments', 'delivered', 'undelivered', 'failed', 'pending', 'blocked', 'revenue'],
    step: 'day',
    days: 30,
  }),
];

/** reporting (redirects to number) and one child per report screen. */
export function reportingRoutes(screens: [string, ReportScreen][]): RouteObject {
  return {
    path: 'reporting',
    handle: { title: 'Reporting' },
    children: [
      { index: true, element: <Navigate to="number" replace /> },
      ...screens.map(([path, s]) => ({
        path,
        element: <ReportView key={path} preset={s.preset} />,
        handle: { title: s.title },
      })),
    ],
  };
}

/** The reseller's report of its companies (docs/spec.md §2 lists no reseller report path: 'reporting', as the other roles). */
export const resellerReportRoutes: RouteObject[] = [
  { path: 'reporting', element: <ResellerReport />, handle: { title: 'Reports' } },
];
