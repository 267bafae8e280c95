import { definitionFor } from '@smsc/shared-ui';
import { aniGroupBody, aniGroupDefinition, aniGroupPatch, ANI_GROUP_ACCESS } from './ani-group.resource';
import { importAniGroupRows } from './ani-group-pages';

describe('ANI group resource', () => {
  it('searches by name and shows the company only to roles above a company', () => {
    expect(aniGroupDefinition.columns.filter((c) => c.search).map((c) => c.key)).toEqual(['name']);
    expect(definitionFor(aniGroupDefinition, []).columns.map((c) => c.key)).not.toContain('company_name');
    expect(definitionFor(aniGroupDefinition, [ANI_GROUP_ACCESS.company]).columns.map((c) => c.key)).toContain(
      'company_name',
    );
  });

  it('reads numbers one per line; an edit replaces them only when some were typed', () => {
    expect(aniGroupBody({ name: ' Day ', numbers: '+1 212 555 2301\n\n2125552302,' })).toEqual({
      name: 'Day',
      numbers: ['+1 212 555 2301', '2125552302'],
    });
    expect(aniGroupPatch({ name: 'Day', replace_numbers: '  ' })).toEqual({ name: 'Day' });
    expect(aniGroupPatch({ name: 'Day', replace_numbers: '+12125552301' })).toEqual({
      name: 'Day',
      numbers: ['+12125552301'],
    });
  });

  it('sends an import as one CSV and marks the lines of the groups made', async () => {
    const send = jest.fn(async () => ({ imported: 1, groups: [{ ani_group_uuid: 'g', name: 'Day', numbers: 2 }] }));
    const out = await importAniGroupRows(send, [
      { number: '2125552301', name: 'Day' },
      { number: '2125552302', name: 'day ' },
    ]);
    expect(send).toHaveBeenCalledWith('name,number\nDay,2125552301\nday ,2125552302\n');
    expect(out.results).toEqual([
      { row: 0, ok: true, message: 'Day' },
      { row: 1, ok: true, message: 'day ' },
    ]);
  });
});
