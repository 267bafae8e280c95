import { api, ROUTE_QUALITY_TAG } from '@smsc/shared-api';
import type {
  ListPageOf,
  RouteQuality,
  RouteQualityEvent,
  RouteQualityPatch,
  RouteQualitySettings,
} from '@smsc/shared-contract';
import type { ListQueryArg } from '@smsc/shared-ui';

const LIST = { type: ROUTE_QUALITY_TAG, id: 'LIST' } as const;

/**
 * Route quality (issue 49 item 4): each vendor product × country measured live, its floor and pin. The live
 * stream's `route_quality` events invalidate these tags (a demotion or promotion shows without a reload).
 */
export const routeQualityApi = api.enhanceEndpoints({ addTagTypes: [ROUTE_QUALITY_TAG] }).injectEndpoints({
  endpoints: (b) => ({
    listRouteQuality: b.query<ListPageOf<RouteQuality>, ListQueryArg>({
      query: (params) => ({ url: '/route_quality/list', params }),
      providesTags: [LIST],
    }),
    getRouteQuality: b.query<RouteQuality, string>({
      query: (id) => `/route_quality/${encodeURIComponent(id)}`,
      providesTags: (_r, _e, id) => [{ type: ROUTE_QUALITY_TAG, id }],
    }),
    routeQualityEvents: b.query<ListPageOf<RouteQualityEvent>, { id: string; page?: number; per_page?: number }>({
      query: ({ id, ...params }) => ({ url: `/route_quality/${encodeURIComponent(id)}/events`, params }),
      providesTags: (_r, _e, { id }) => [{ type: ROUTE_QUALITY_TAG, id: `events-${id}` }],
    }),
    routeQualitySettings: b.query<RouteQualitySettings, void>({
      query: () => '/route_quality/settings',
    }),
    updateRouteQuality: b.mutation<RouteQuality, { id: string; body: RouteQualityPatch }>({
      query: ({ id, body }) => ({ url: `/route_quality/${encodeURIComponent(id)}`, method: 'PATCH', body }),
      invalidatesTags: (_r, _e, { id }) => [
        LIST,
        { type: ROUTE_QUALITY_TAG, id },
        { type: ROUTE_QUALITY_TAG, id: `events-${id}` },
      ],
    }),
  }),
});

export const {
  useListRouteQualityQuery,
  useLazyListRouteQualityQuery,
  useGetRouteQualityQuery,
  useRouteQualityEventsQuery,
  useRouteQualitySettingsQuery,
  useUpdateRouteQualityMutation,
} = routeQualityApi;
