export { vendorApi, VENDOR_TAG, useListVendorsQuery, useLazyListVendorsQuery, useGetVendorQuery, useCreateVendorMutation, useUpdateVendorMutation, useDeleteVendorMutation } from './lib/vendor.api';
export { vendorDefinition, vendorBundle, vendorFields, vendorPages, VENDOR_ACCESS, VENDOR_TYPES } from './lib/vendor.resource';
