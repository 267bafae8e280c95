import { api } from '@smsc/shared-api';
import type { ListPageOf, MobileNetwork } from '@smsc/shared-contract';
import type { SelectOption } from '@smsc/shared-ui';

/** How many matches a picker shows at once: enough to choose from, small enough to read. */
export const NETWORK_MATCHES = 20;

const networks = api.injectEndpoints({
  endpoints: (b) => ({
    vendorNetworkSearch: b.query<ListPageOf<MobileNetwork>, string>({
      query: (search) => ({ url: '/mobile_network/list', params: { search, page: 0, per_page: NETWORK_MATCHES } }),
    }),
    vendorNetworkById: b.query<MobileNetwork, string>({ query: (id) => `/mobile_network/${encodeURIComponent(id)}` }),
  }),
});

export const networkLabel = (n: MobileNetwork) =>
  `${n.country_name} · ${n.network_name}${n.operator && n.operator !== n.network_name ? ` (${n.operator})` : ''} · ${n.mcc}-${n.mnc}`;

/**
 * The mobile-network picker's choices (FormFieldDef.useSearchOptions): the networks matching what is
 * typed (country, ISO code, network, operator or MCC, searched on the server), plus the stored choice
 * so an edit form shows its name rather than an id.
 */
export function useMobileNetworkSearch(search: string, value: unknown): { options: SelectOption[]; loading: boolean } {
  const found = networks.useVendorNetworkSearchQuery(search, { skip: !search });
  const id = typeof value === 'string' && value ? value : '';
  const chosen = networks.useVendorNetworkByIdQuery(id, { skip: !id });
  const options: SelectOption[] = (search ? (found.data?.items ?? []) : []).map((n) => ({
    label: networkLabel(n),
    value: n.mobile_network_uuid,
  }));
  if (chosen.data && !options.some((o) => o.value === chosen.data?.mobile_network_uuid))
    options.unshift({ label: networkLabel(chosen.data), value: chosen.data.mobile_network_uuid });
  return { options, loading: found.isFetching || chosen.isFetching };
}
