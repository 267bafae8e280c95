export {
  brandApi,
  BRAND_TAG,
  BRAND_DOMAIN_TAG,
  useGetBrandQuery,
  useSaveBrandMutation,
  useListBrandDomainsQuery,
  useAddBrandDomainMutation,
  useVerifyBrandDomainMutation,
  useRemoveBrandDomainMutation,
} from './lib/brand.api';
export { BrandPage } from './lib/brand-page';
export { BrandPreview } from './lib/brand-preview';
