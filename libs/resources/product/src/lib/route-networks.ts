import type { ListPageOf, MobileNetwork } from '@smsc/shared-contract';
import type { SelectOption } from '@smsc/shared-ui';
import { productApi } from './product.api';

// The mobile networks a route may be keyed by (MCC/MNC), searched on the server as the admin types: the list is
// ~2,500 networks. (The vendor lib has its own picker for a vendor product's network; a resource lib imports no other.)
const MATCHES = 20;

const networks = productApi.injectEndpoints({
  endpoints: (b) => ({
    routeNetworkSearch: b.query<ListPageOf<MobileNetwork>, string>({
      query: (search) => ({ url: '/mobile_network/list', params: { search, page: 0, per_page: MATCHES } }),
    }),
    routeNetworkById: b.query<MobileNetwork, string>({ query: (id) => `/mobile_network/${encodeURIComponent(id)}` }),
  }),
});

/** "Germany · Vodafone · 262-02": the country, the network and the MCC/MNC a lookup answers. */
export const routeNetworkLabel = (n: Pick<MobileNetwork, 'country_name' | 'network_name' | 'mcc' | 'mnc'>) =>
  `${n.country_name} · ${n.network_name} · ${n.mcc}-${n.mnc}`;

/** The picker's choices (SearchSelect): the networks matching what is typed, plus the row's own network. */
export function useRouteNetworkSearch(search: string, value: unknown): { options: SelectOption[]; loading: boolean } {
  const found = networks.useRouteNetworkSearchQuery(search, { skip: !search });
  const id = typeof value === 'string' && value ? value : '';
  const chosen = networks.useRouteNetworkByIdQuery(id, { skip: !id });
  const options: SelectOption[] = (search ? (found.data?.items ?? []) : []).map((n) => ({
    label: routeNetworkLabel(n),
    value: n.mobile_network_uuid,
  }));
  if (chosen.data && !options.some((o) => o.value === chosen.data?.mobile_network_uuid))
    options.unshift({ label: routeNetworkLabel(chosen.data), value: chosen.data.mobile_network_uuid });
  return { options, loading: found.isFetching || chosen.isFetching };
}
