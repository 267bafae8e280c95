import { api } from '@smsc/shared-api';
import type { Dashboard, ReportPage } from '@smsc/shared-contract';

/** The query of a report call; empty values are left out of the address. */
export type ReportParams = Record<string, string | number | boolean | undefined>;

export const cleanParams = (p: ReportParams) =>
  Object.fromEntries(Object.entries(p).filter(([, v]) => v !== undefined && v !== '')) as Record<
    string,
    string | number | boolean
  >;

/** Reports of docs/spec.md §7: GET /dashboard and stat/report (both from the server's rollups). */
export const reportApi = api.injectEndpoints({
  endpoints: (b) => ({
    getDashboard: b.query<Dashboard, string>({ query: (interval) => ({ url: '/dashboard', params: { interval } }) }),
    getStatReport: b.query<ReportPage, ReportParams>({
      query: (params) => ({ url: '/stat/report', params: cleanParams(params) }),
    }),
    /** GET /sms/report: by day (or by company), scoped to the caller's companies */
    getSmsReport: b.query<ReportPage, ReportParams>({
      query: (params) => ({ url: '/sms/report', params: cleanParams(params) }),
    }),
    /** GET /sms/reseller/report: a month of the reseller's companies */
    getResellerReport: b.query<ReportPage, ReportParams>({
      query: (params) => ({ url: '/sms/reseller/report', params: cleanParams(params) }),
    }),
  }),
});

export const { useGetDashboardQuery, useGetStatReportQuery, useGetSmsReportQuery, useGetResellerReportQuery } =
  reportApi;
