import { Navigate, type RouteObject } from 'react-router';
import { BulkSendForm, type CountParts } from './bulk-send';
import { BulkReportPage } from './bulk-report';
import { BulkSmsPage } from './bulk-sms';

/** Spec §2 company admin bulk-sending: send (default) and history of the company's bulks. */
export function bulkSendingRoutes(countParts: CountParts): RouteObject {
  return {
    path: 'bulk-sending',
    children: [
      { index: true, element: <Navigate to="send" replace /> },
      {
        path: 'send',
        element: <BulkSendForm countParts={countParts} reportPath="../history" />,
        // a sent bulk links to its report in the history
        handle: { title: 'Bulk send', links: ['history'] },
      },
      { path: 'history', element: <BulkReportPage kind="bulk" />, handle: { title: 'Bulk history' } },
    ],
  };
}

/**
 * Spec §2 bulk: the company admin's redirects to bulk-report; the system admin's shows the report at
 * the area root and picks the company in the sending forms.
 */
export function bulkRoutes(role: 'company' | 'system', countParts: CountParts): RouteObject {
  const system = role === 'system';
  const report = <BulkReportPage kind="bulk" showCompany={system} />;
  return {
    path: 'bulk',
    children: [
      system
        ? { index: true, element: report, handle: { title: 'Bulk report' } }
        : { index: true, element: <Navigate to="bulk-report" replace /> },
      ...(system ? [] : [{ path: 'bulk-report', element: report, handle: { title: 'Bulk report' } }]),
      {
        path: 'auto-substitute',
        element: (
          <BulkSendForm
            countParts={countParts}
            substituteMode
            pickCompany={system}
            reportPath={system ? '..' : '../bulk-report'}
          />
        ),
        handle: { title: 'Auto-substitute' },
      },
      { path: 'bulk-sms', element: <BulkSmsPage pickCompany={system} />, handle: { title: 'Bulk SMS' } },
    ],
  };
}
