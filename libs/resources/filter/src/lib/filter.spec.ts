import { definitionFor } from '@smsc/shared-ui';
import { filterDefinition, filterFields, FILTER_ACCESS } from './filter.resource';
import { filterRequests, unwrapFilter } from './filter.api';

describe('filter (stop text) resource', () => {
  it('sends the record under `filter` (docs/spec.md §7) and reads it back from the payload', () => {
    expect(filterRequests.create({ text: 'STOP' })).toEqual({
      url: '/stop_text/create',
      method: 'POST',
      body: { filter: { text: 'STOP' } },
    });
    expect(filterRequests.update('a/b', { is_active: false })).toEqual({
      url: '/stop_text/a%2Fb',
      method: 'PATCH',
      body: { filter: { is_active: false } },
    });
    const record = {
      filter_uuid: 'f',
      text: 'STOP',
      is_active: true,
      reseller_uuid: null,
      created_on: '2026-01-01T00:00:00Z',
    };
    expect(unwrapFilter({ filter: record })).toBe(record);
  });

  it('lists newest first and searches the text (wrapped in wildcards by the kit)', () => {
    expect(filterDefinition.defaultSort).toEqual({ order_by: 'created_on', order_dir: 'desc' });
    expect(filterDefinition.columns.filter((c) => c.search).map((c) => [c.key, c.search])).toEqual([['text', 'text']]);
  });

  it('trims the text and sends a boolean active flag', () => {
    expect(filterFields({ text: '  QUIT ', is_active: undefined })).toEqual({ text: 'QUIT', is_active: false });
  });

  it('shows whose filter a row is only to roles holding the owner key', () => {
    expect(definitionFor(filterDefinition, []).columns.map((c) => c.key)).not.toContain('reseller_uuid');
    expect(definitionFor(filterDefinition, [FILTER_ACCESS.owner]).columns.map((c) => c.key)).toContain('reseller_uuid');
  });
});
