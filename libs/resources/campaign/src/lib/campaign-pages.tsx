import {
  App,
  Button,
  Card,
  Col,
  Empty,
  PageLoading,
  Result,
  Row,
  Space,
  Statistic,
  Typography,
  type ResourcePages,
} from '@smsc/shared-ui';
import { describeApiError, showToast } from '@smsc/shared-api';
import { useAppDispatch } from '@smsc/shared-session';
import {
  CAMPAIGN_ACTIONS,
  CAMPAIGN_MOVES,
  CAMPAIGN_STATUSES,
  type Campaign,
  type CampaignAction,
  type CampaignStatus,
} from '@smsc/shared-contract';
import { PROGRESS_POLL_MS, useCampaignActionMutation, useCampaignDashboardQuery } from './campaign.api';
import { ProgressCell, statusTag } from './campaign.resource';

/** The actions a state allows: the same table the server's state machine reads. */
export const allowedActions = (status: CampaignStatus): CampaignAction[] =>
  CAMPAIGN_ACTIONS.filter((a) => !!CAMPAIGN_MOVES[a][status]);

const LABEL: Record<CampaignAction, string> = { run: 'Run', hold: 'Hold', stop: 'Stop' };
const DONE: Record<CampaignAction, string> = { run: 'is running', hold: 'is held', stop: 'is stopped' };

/** Run / Hold / Stop for one campaign, each enabled only where its state allows it. */
export function CampaignActions({ row }: { row: Campaign }) {
  const dispatch = useAppDispatch();
  const { modal } = App.useApp();
  const [act, state] = useCampaignActionMutation();
  const allowed = allowedActions(row.status);
  const go = async (action: CampaignAction) => {
    try {
      await act({ id: row.campaign_uuid, action }).unwrap();
      dispatch(showToast('success', `Campaign "${row.campaign_name}" ${DONE[action]}`));
    } catch (e) {
      dispatch(showToast('error', describeApiError(e)));
    }
  };
  return (
    <Space size="small">
      {CAMPAIGN_ACTIONS.map((a) => (
        <Button
          key={a}
          type="link"
          size="small"
          danger={a === 'stop'}
          disabled={!allowed.includes(a) || state.isLoading}
          aria-label={`${LABEL[a]} campaign ${row.campaign_name}`}
          onClick={() =>
            a === 'stop'
              ? // a stop is final: the messages not sent yet never go, and it cannot run again
                modal.confirm({
                  title: `Stop "${row.campaign_name}" for good?`,
                  content:
                    'The messages not sent yet will not be sent, and a stopped campaign cannot run again. Hold it to pause instead.',
                  okText: 'Stop campaign',
                  okButtonProps: { danger: true },
                  cancelText: 'Keep it',
                  onOk: () => go('stop'),
                })
              : go(a)
          }
        >
          {LABEL[a]}
        </Button>
      ))}
    </Space>
  );
}

/** campaings/dashboard: counts by state, and the live progress of running and held campaigns. */
export function CampaignDashboardPage() {
  const { data, isLoading, error } = useCampaignDashboardQuery(undefined, { pollingInterval: PROGRESS_POLL_MS });
  if (isLoading) return <PageLoading />;
  if (error || !data)
    return (
      <Result status="warning" title="The campaign dashboard could not be loaded" subTitle={describeApiError(error)} />
    );
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Row gutter={16}>
        {CAMPAIGN_STATUSES.map((s) => (
          <Col key={s} span={4}>
            <Card size="small">
              <Statistic title={statusTag(s)} value={data.counts[s] ?? 0} />
            </Card>
          </Col>
        ))}
      </Row>
      <Typography.Title level={5}>Running and held campaigns</Typography.Title>
      {!data.active.length ? (
        <Empty description="No campaign is running" />
      ) : (
        data.active.map((c) => (
          <Card
            key={c.campaign_uuid}
            size="small"
            title={
              <span>
                {c.campaign_name} {statusTag(c.status)}
              </span>
            }
          >
            <ProgressCell progress={c.progress} />
          </Card>
        ))
      )}
    </Space>
  );
}

/** Spec §2, company admin campaings: all-campaings, add-campaing, edit-campaing/{id} (the spelling the routes carry). */
export const campaignPages: ResourcePages<Campaign> = {
  path: 'campaings',
  redirectTo: 'all-campaings',
  list: { path: 'all-campaings', title: 'All campaigns' },
  create: { path: 'add-campaing', title: 'Add campaign' },
  edit: { path: 'edit-campaing/:id', title: 'Edit campaign' },
  rowActions: (row) => <CampaignActions row={row} />,
  rowActionsWidth: 200,
};
