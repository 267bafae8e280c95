export {
  reportApi,
  useGetDashboardQuery,
  useGetStatReportQuery,
  useGetSmsReportQuery,
  useGetResellerReportQuery,
  cleanParams,
  type ReportParams,
} from './lib/report.api';
export { ReportView, type ReportPreset } from './lib/report-view';
export { DashboardView } from './lib/dashboard-view';
export { ReportTable } from './lib/report-table';
export { ReportDownload, fetchCsv } from './lib/report-download';
export {
  reportingRoutes,
  resellerReportRoutes,
  SYSTEM_ADMIN_REPORTS,
  COMPANY_ADMIN_REPORTS,
} from './lib/report-routes';
export { usageRoutes } from './lib/usage-routes';
export { ResellerReport } from './lib/reseller-report';
export { timePoints, groupPoints, bucketsOf, visibleFigures, type Figure, type ChartPoint } from './lib/report-figures';
