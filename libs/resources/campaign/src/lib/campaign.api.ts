import { api } from '@smsc/shared-api';
import type {
  AniGroup,
  Campaign,
  CampaignAction,
  CampaignCreateBody,
  CampaignDashboard,
  CampaignPatchBody,
  CampaignPayload,
  Did,
  ListPageOf,
  SmsTemplate,
} from '@smsc/shared-contract';
import type { ListQueryArg } from '@smsc/shared-ui';

export const CAMPAIGN_TAG = 'Campaign';
const LIST = { type: CAMPAIGN_TAG, id: 'LIST' } as const;
const DASHBOARD = { type: CAMPAIGN_TAG, id: 'DASHBOARD' } as const;
const unwrap = (answer: CampaignPayload) => answer.campaign;
const enc = encodeURIComponent;
/** How often a page showing campaigns reads their progress again (live progress without a reload). */
export const PROGRESS_POLL_MS = 3000;

/** Campaigns of docs/spec.md §7 (list with campaign_name, CRUD, run / stop / hold) and the dashboard. */
export const campaignApi = api.enhanceEndpoints({ addTagTypes: [CAMPAIGN_TAG] }).injectEndpoints({
  endpoints: (b) => ({
    listCampaigns: b.query<ListPageOf<Campaign>, ListQueryArg>({
      query: (params) => ({ url: '/campaign/list', params }),
      providesTags: [LIST],
    }),
    getCampaign: b.query<Campaign, string>({
      query: (id) => `/campaign/${enc(id)}`,
      transformResponse: unwrap,
      providesTags: (_r, _e, id) => [{ type: CAMPAIGN_TAG, id }],
    }),
    campaignDashboard: b.query<CampaignDashboard, void>({
      query: () => '/campaign/dashboard',
      providesTags: [DASHBOARD],
    }),
    createCampaign: b.mutation<Campaign, CampaignCreateBody>({
      query: (body) => ({ url: '/campaign', method: 'POST', body }),
      transformResponse: unwrap,
      invalidatesTags: [LIST, DASHBOARD],
    }),
    updateCampaign: b.mutation<Campaign, { id: string; body: CampaignPatchBody }>({
      query: ({ id, body }) => ({ url: `/campaign/${enc(id)}`, method: 'PATCH', body }),
      transformResponse: unwrap,
      invalidatesTags: (_r, _e, { id }) => [LIST, DASHBOARD, { type: CAMPAIGN_TAG, id }],
    }),
    deleteCampaign: b.mutation<unknown, string>({
      query: (id) => ({ url: `/campaign/${enc(id)}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, id) => [LIST, DASHBOARD, { type: CAMPAIGN_TAG, id }],
    }),
    campaignAction: b.mutation<Campaign, { id: string; action: CampaignAction }>({
      query: ({ id, action }) => ({ url: `/campaign/${enc(id)}/${action}`, method: 'POST' }),
      transformResponse: unwrap,
      invalidatesTags: (_r, _e, { id }) => [LIST, DASHBOARD, { type: CAMPAIGN_TAG, id }],
    }),
    // pickers of the campaign form: the company's sending numbers and its ANI groups
    campaignSenderOptions: b.query<ListPageOf<Did>, void>({
      query: () => ({ url: '/did/company/list', params: { did_type: 'ani', per_page: 1000 } }),
    }),
    campaignTemplateOptions: b.query<ListPageOf<SmsTemplate>, void>({
      query: () => ({ url: '/sms_template/list', params: { status: 'approved', per_page: 1000 } }),
    }),
    campaignAniGroupOptions: b.query<ListPageOf<AniGroup>, void>({
      query: () => ({ url: '/ani_group/list', params: { per_page: 1000, order_by: 'name', order_dir: 'asc' } }),
    }),
  }),
});

export const {
  useListCampaignsQuery,
  useLazyListCampaignsQuery,
  useGetCampaignQuery,
  useCampaignDashboardQuery,
  useCreateCampaignMutation,
  useUpdateCampaignMutation,
  useDeleteCampaignMutation,
  useCampaignActionMutation,
  useCampaignSenderOptionsQuery,
  useCampaignAniGroupOptionsQuery,
  useCampaignTemplateOptionsQuery,
} = campaignApi;

/** The list, read again every few seconds so running campaigns' progress moves on screen. */
export const useLiveCampaignList = (arg: ListQueryArg) =>
  useListCampaignsQuery(arg, { pollingInterval: PROGRESS_POLL_MS });
