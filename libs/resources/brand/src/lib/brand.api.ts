import { api } from '@smsc/shared-api';
import type { Brand, BrandDomain, BrandInput, ListPageOf } from '@smsc/shared-contract';

export const BRAND_TAG = 'Brand';
export const BRAND_DOMAIN_TAG = 'BrandDomain';

/** A brand (GET/PUT /brand) and the host names it is served on (/brand/domain…); issue #48. */
export const brandApi = api.enhanceEndpoints({ addTagTypes: [BRAND_TAG, BRAND_DOMAIN_TAG] }).injectEndpoints({
  endpoints: (b) => ({
    // no argument: the caller's own brand (the system admin's: the platform's); a reseller id: that reseller's,
    // which only the system admin may name
    getBrand: b.query<Brand, string | void>({
      query: (reseller_uuid) => ({ url: '/brand', params: reseller_uuid ? { reseller_uuid } : undefined }),
      providesTags: [BRAND_TAG],
    }),
    saveBrand: b.mutation<Brand, BrandInput & { reseller_uuid?: string }>({
      query: ({ reseller_uuid, ...body }) => ({
        url: '/brand',
        method: 'PUT',
        params: reseller_uuid ? { reseller_uuid } : undefined,
        body,
      }),
      invalidatesTags: [BRAND_TAG],
    }),
    listBrandDomains: b.query<ListPageOf<BrandDomain>, void>({
      query: () => ({ url: '/brand/domain/list' }),
      providesTags: [BRAND_DOMAIN_TAG],
    }),
    addBrandDomain: b.mutation<BrandDomain, { host: string }>({
      query: (body) => ({ url: '/brand/domain', method: 'POST', body }),
      invalidatesTags: [BRAND_DOMAIN_TAG],
    }),
    verifyBrandDomain: b.mutation<BrandDomain, string>({
      query: (id) => ({ url: `/brand/domain/${encodeURIComponent(id)}/verify`, method: 'POST' }),
      invalidatesTags: [BRAND_DOMAIN_TAG],
    }),
    removeBrandDomain: b.mutation<unknown, string>({
      query: (id) => ({ url: `/brand/domain/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: [BRAND_DOMAIN_TAG],
    }),
  }),
});

export const {
  useGetBrandQuery,
  useSaveBrandMutation,
  useListBrandDomainsQuery,
  useAddBrandDomainMutation,
  useVerifyBrandDomainMutation,
  useRemoveBrandDomainMutation,
} = brandApi;
