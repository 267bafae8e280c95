import { useDispatch } from 'react-redux';
import type { RouteObject } from 'react-router';
import type { PriceNotice } from '@smsc/shared-contract';
import { describeApiError, showToast } from '@smsc/shared-api';
import { Button, DownloadOutlined, ListPage, downloadText, type ResourcePages, type RoleAccess } from '@smsc/shared-ui';
import { useLazyPriceNoticeCsvQuery } from './rate-change.api';
import { changeSetBundle } from './rate-change.resource';
import { ChangeSetPage } from './change-set-page';
import { NewChangeSetPage } from './new-change-set';

/**
 * The system admin's rate changes below the product root (Products → Rate changes): the change sets,
 * a deck imported for approval, and each set's diff and impact with approve / reject.
 */
export function rateChangeRoutes(access: RoleAccess): RouteObject[] {
  return [
    {
      path: 'rate-changes',
      handle: { title: 'Rate changes', links: ['rate-changes/new', 'rate-changes/:id'] },
      element: (
        <ListPage
          bundle={changeSetBundle}
          access={access}
          createPath="rate-changes/new"
          rowLinks={[{ label: 'Review', to: (s) => `rate-changes/${s.change_set_uuid}` }]}
        />
      ),
    },
    {
      path: 'rate-changes/new',
      handle: { title: 'Import rates for approval', links: ['rate-changes/:id'] },
      element: <NewChangeSetPage />,
    },
    { path: 'rate-changes/:id', handle: { title: 'Rate change' }, element: <ChangeSetPage /> },
  ];
}

/** Downloads the rows a notice is about as CSV (the file its mail carries). */
function NoticeCsvButton({ notice }: { notice: PriceNotice }) {
  const dispatch = useDispatch();
  const [read, state] = useLazyPriceNoticeCsvQuery();
  const run = async () => {
    try {
      downloadText(`price-notice-${notice.effective_from.slice(0, 10)}.csv`, await read(notice.notice_uuid).unwrap());
    } catch (e) {
      dispatch(showToast('error', describeApiError(e)));
    }
  };
  return (
    <Button size="small" icon={<DownloadOutlined />} loading={state.isFetching} onClick={() => void run()}>
      CSV
    </Button>
  );
}

/** A customer's price notices (company admin, reseller) at `path`, each with its rows as CSV. */
export function priceNoticePages(path: string): ResourcePages<PriceNotice> {
  return {
    path,
    list: { path: '', title: 'Price notices' },
    rowActions: (n) => <NoticeCsvButton notice={n} />,
    rowActionsWidth: 80,
  };
}
