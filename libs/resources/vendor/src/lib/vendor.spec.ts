import { definitionFor } from '@smsc/shared-ui';
import { VENDOR_ACCESS, vendorDefinition, vendorFields, vendorPages } from './vendor.resource';

describe('vendor resource', () => {
  it('builds the vendor body from the form', () => {
    expect(vendorFields({ vendor_name: ' Northwind ', vendor_type: 'did', status: 'inactive' })).toEqual({
      vendor_name: 'Northwind',
      vendor_type: 'did',
      status: 'inactive',
    });
  });

  it('searches by the list filters of docs/spec.md §7 and shows the owner only to the system admin', () => {
    expect(vendorDefinition.columns.filter((c) => c.search).map((c) => c.key)).toEqual([
      'vendor_name',
      'vendor_type',
      'status',
    ]);
    expect(definitionFor(vendorDefinition, []).columns.map((c) => c.key)).not.toContain('reseller_uuid');
    expect(definitionFor(vendorDefinition, [VENDOR_ACCESS.owner]).columns.map((c) => c.key)).toContain('reseller_uuid');
  });

  it("uses each role's list path of docs/spec.md §2", () => {
    expect(vendorPages('vendors').list?.path).toBe('vendors');
    expect(vendorPages('vendors-list')).toMatchObject({
      redirectTo: 'vendors-list',
      create: { path: 'add-vendor' },
      edit: { path: 'edit-vendor/:id' },
    });
  });
});
