export {
  campaignApi,
  CAMPAIGN_TAG,
  PROGRESS_POLL_MS,
  useListCampaignsQuery,
  useLazyListCampaignsQuery,
  useLiveCampaignList,
  useGetCampaignQuery,
  useCampaignDashboardQuery,
  useCreateCampaignMutation,
  useUpdateCampaignMutation,
  useDeleteCampaignMutation,
  useCampaignActionMutation,
} from './lib/campaign.api';
export {
  campaignDefinition,
  campaignBundle,
  campaignBody,
  campaignPatch,
  ProgressCell,
  statusTag,
  CAMPAIGN_ACCESS,
} from './lib/campaign.resource';
export { CampaignActions, CampaignDashboardPage, allowedActions, campaignPages } from './lib/campaign-pages';
